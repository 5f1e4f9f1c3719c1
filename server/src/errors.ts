import { type ErrorCode, ErrorResponse } from "@agency/contract";

/** Services throw this; the one error handler turns it into `{ error: { code, message } }`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const notFound = (what = "The requested item") => new AppError("not_found", `${what} was not found.`);

type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 429;

/** A route's documented refusals: each status answers with the one error shape. */
export function refusals<const Status extends RefusalStatus>(
  ...statuses: Status[]
): { [Code in Status]: typeof ErrorResponse } {
  return Object.fromEntries(statuses.map((status) => [status, ErrorResponse])) as {
    [Code in Status]: typeof ErrorResponse;
  };
}
