/** Whether the error, or one it wraps, is PostgreSQL's error `code`. */
function hasErrorCode(error: unknown, code: string): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** Whether the error (or one it wraps) is PostgreSQL's unique violation (23505): a row already holds the value. */
export function isUniqueViolation(error: unknown): boolean {
  return hasErrorCode(error, "23505");
}

/** Whether the error (or one it wraps) is PostgreSQL's deadlock (40P01): the statement was rolled back. */
export function isDeadlock(error: unknown): boolean {
  return hasErrorCode(error, "40P01");
}
