import { errorMessage } from "../../lib/api";

/**
 * The payment provider refused the card. Its message is written for the customer (for example
 * "Your card was declined.") and is shown as it is.
 */
export class PaymentError extends Error {
  override readonly name = "PaymentError";
}

/** What the 'Payment Failed ' alert says: the provider's reason, or the usual text for any other failure. */
export function paymentFailureMessage(error: unknown): string {
  return error instanceof PaymentError ? error.message : errorMessage(error);
}
