/** A form's outcome, read out by screen readers: a success or a refusal in words. */
export type Outcome = { ok: boolean; text: string } | null;

export function StatusLine({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <p
      className={`alert ${outcome.ok ? "alert-success" : "alert-danger"} mt-3 mb-0`}
      role={outcome.ok ? "status" : "alert"}
    >
      {outcome.text}
    </p>
  );
}
