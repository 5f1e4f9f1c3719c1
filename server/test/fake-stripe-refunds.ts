/** What the fake keeps of a PaymentIntent that a refund reads. */
export type RefundableIntent = { id: string; amount_received: number; currency: string; status: string };
export type FakeRefund = {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  status: "succeeded";
  created: number;
};
type StripeError = { error: { type: string; code?: string; message: string } };

/**
 * A refund as Stripe makes one (`POST /v1/refunds`): a partial amount, or what is left of the
 * charge; never more than is left, and only of a charge that succeeded. Answers the refund, or
 * Stripe's error for a 400.
 */
export function refundOf(
  form: URLSearchParams,
  intents: Map<string, RefundableIntent>,
  refunds: FakeRefund[],
  nextId: () => string,
): FakeRefund | StripeError {
  const intent = intents.get(String(form.get("payment_intent")));
  const given = refunds
    .filter((refund) => refund.payment_intent === intent?.id)
    .reduce((sum, refund) => sum + refund.amount, 0);
  const left = (intent?.amount_received ?? 0) - given;
  const amount = Number(form.get("amount") ?? left);
  if (intent?.status !== "succeeded" || !(amount > 0)) {
    return {
      error: { type: "invalid_request_error", code: "charge_not_refundable", message: "Not refundable" },
    };
  }
  if (amount > left) {
    const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    return {
      error: {
        type: "invalid_request_error",
        message: `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`,
      },
    };
  }
  return {
    id: nextId(),
    object: "refund",
    amount,
    currency: intent.currency,
    payment_intent: intent.id,
    status: "succeeded",
    created: Math.floor(Date.now() / 1000),
  };
}
