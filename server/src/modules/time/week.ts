/** A time's day in UTC, YYYY-MM-DD. */
export const dayOf = (time: Date) => time.toISOString().slice(0, 10);

/** The week of `time` (UTC): Monday 00:00, the Monday after, and its first and last days. */
export function weekOf(time: Date): { start: Date; end: Date; firstDay: string; lastDay: string } {
  const midnight = new Date(`${dayOf(time)}T00:00:00.000Z`);
  const start = new Date(midnight.getTime() - ((midnight.getUTCDay() + 6) % 7) * 86_400_000);
  const end = new Date(start.getTime() + 7 * 86_400_000);
  return { start, end, firstDay: dayOf(start), lastDay: dayOf(new Date(end.getTime() - 86_400_000)) };
}
