import { OrderDetail, refundMessages } from "@agency/contract";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createAccount } from "../../../../test/accounts.js";
import { openPayment, placeOrder } from "../../../../test/orders.js";
import { useStripeShop } from "../../../../test/stripe.js";
import { payments } from "../../../db/schema.js";

const shop = useStripeShop();

const event = (type: string, object: object) => ({
  id: `evt_${Math.random().toString(36).slice(2)}`,
  object: "event",
  type,
  created: Math.floor(Date.now() / 1000),
  data: { object },
});

const refund = (orderId: string, body: object) =>
  shop.ctx.app.inject({
    method: "POST",
    url: `/api/admin/orders/${orderId}/refunds`,
    headers: { cookie: shop.owner.cookie },
    payload: body,
  });

/** A customer's monthly plan paid through Stripe Billing's first invoice. */
async function paidThroughStripe() {
  const customer = await createAccount(shop.ctx);
  const orderId: string = (await placeOrder(shop.ctx, customer, shop.plans.standardMonthly._id)).json()
    .insertedId;
  const intent = (await openPayment(shop.ctx, customer, orderId)).json();
  const subscription = [...shop.fake.subscriptions.values()].find(
    (item) => item.metadata.orderId === orderId,
  );
  if (!subscription) throw new Error("no Stripe subscription");
  const first = shop.fake.payInvoice(subscription.latest_invoice);
  expect((await shop.deliver(event("invoice.paid", first))).statusCode).toBe(200);
  return { orderId, intent, subscription };
}

const refundsOf = (intentId: string) => shop.fake.refunds.filter((item) => item.payment_intent === intentId);

describe("partial refunds through Stripe", () => {
  it("asks Stripe for each part, once per refund, and for nothing more than is left", async () => {
    const { orderId, intent } = await paidThroughStripe();
    const [payment] = await shop.ctx.db.select().from(payments).where(eq(payments.orderId, orderId));
    if (!payment) throw new Error("no payment");
    const paid = payment.amountCents;

    for (const [amount, reason] of [
      [5, "Late"],
      [5, "Late again"],
    ] as const) {
      const response = await refund(orderId, { paymentId: payment.id, amount, reason });
      expect(response.statusCode, response.body).toBe(200);
    }
    // Two refunds of the same amount are two refunds, each under a key of its own.
    expect(refundsOf(intent.paymentIntentId).map((item) => item.amount)).toEqual([500, 500]);
    expect(shop.fake.idempotencyKeys).toEqual(
      expect.arrayContaining([`refund-${payment.id}-1-500`, `refund-${payment.id}-2-500`]),
    );

    // More than is left is refused before Stripe is asked.
    const tooMuch = await refund(orderId, { paymentId: payment.id, amount: paid / 100, reason: "All" });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.message).toBe(
      refundMessages.moreThanLeft(`$${((paid - 1000) / 100).toFixed(2)}`),
    );
    expect(refundsOf(intent.paymentIntentId)).toHaveLength(2);

    const rest = await refund(orderId, {
      paymentId: payment.id,
      amount: (paid - 1000) / 100,
      reason: "Rest",
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(OrderDetail.parse(rest.json())).toMatchObject({ state: "cancelled" });
    expect(refundsOf(intent.paymentIntentId).reduce((sum, item) => sum + item.amount, 0)).toBe(paid);
  });

  it("refunds part of a renewal through the PaymentIntent that paid its invoice", async () => {
    const { orderId, subscription } = await paidThroughStripe();
    const renewal = shop.fake.payInvoice(shop.fake.renew(subscription.id).id);
    expect((await shop.deliver(event("invoice.paid", renewal))).statusCode).toBe(200);
    const [paidRenewal] = await shop.ctx.db
      .select()
      .from(payments)
      .where(eq(payments.transactionId, renewal.id));
    if (!paidRenewal) throw new Error("the renewal was not recorded");

    const response = await refund(orderId, { paymentId: paidRenewal.id, amount: 2.5, reason: "Short month" });
    expect(response.statusCode, response.body).toBe(200);
    const intentId = renewal.payments.data[0]?.payment.payment_intent ?? "";
    expect(refundsOf(intentId)).toEqual([expect.objectContaining({ amount: 250 })]);
    const order = OrderDetail.parse(response.json());
    expect(order.state).toBe("submitted");
    expect(order.refunds).toEqual([
      expect.objectContaining({ refundOf: paidRenewal.id, amount: 2.5, reason: "Short month" }),
    ]);
  });
});
