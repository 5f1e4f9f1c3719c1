import type { ErrorCode } from "@agency/contract";

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
