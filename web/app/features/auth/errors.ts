import { ApiError, errorMessage } from "../../lib/api";
import { accountMessages } from "../../lib/messages";

/** The account library's refusals that need our own words instead of its raw message. */
const reasonMessages: Record<string, string> = {
  EMAIL_NOT_VERIFIED: accountMessages.notVerified,
  // The page was opened at an address the server does not trust (PUBLIC_URL unset or different).
  INVALID_ORIGIN: accountMessages.untrustedAddress,
  MISSING_OR_NULL_ORIGIN: accountMessages.untrustedAddress,
};

/** The text to show for a failed sign-up, login or password-reset call. */
export function accountErrorMessage(error: unknown): string {
  // Said as the time to wait, so the visitor knows when trying again can work.
  if (error instanceof ApiError && error.status === 429)
    return accountMessages.tooManyAttempts(error.retryAfterSeconds);
  const reason = error instanceof ApiError ? error.reason : undefined;
  return (reason && reasonMessages[reason]) || errorMessage(error);
}
