import { describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../../test/accounts.js";
import { openPayment, placeOrder } from "../../../../test/orders.js";
import { useStripeShop } from "../../../../test/stripe.js";

const shop = useStripeShop();

const setCurrency = (currency: string, locale: string) =>
  shop.ctx.app.inject({
    method: "PUT",
    url: "/api/admin/site/currency",
    headers: { cookie: shop.owner.cookie },
    payload: { currency, locale },
  });

/** A customer's order of the plan and the payment opened for it. */
async function orderAndPayment(service: string) {
  const customer = await createAccount(shop.ctx);
  const id: string = (await placeOrder(shop.ctx, customer, shop.plans.find(service, "monthly")._id)).json()
    .insertedId;
  const intent = (await openPayment(shop.ctx, customer, id)).json();
  const [subscription] = [...shop.fake.subscriptions.values()].filter((item) => item.metadata.orderId === id);
  const price = [...shop.fake.prices.values()].find(
    (item) => item.id === subscription?.items.data[0]?.price.id,
  );
  return { customer, id, intent, price };
}

async function recordedCurrency(customer: TestAccount, orderId: string, paymentIntentId: string) {
  const succeeded = shop.fake.succeed(paymentIntentId);
  const event = {
    id: `evt_${paymentIntentId}`,
    object: "event",
    type: "payment_intent.succeeded",
    data: { object: succeeded },
  };
  expect((await shop.deliver(event)).statusCode).toBe(200);
  const receipt = await shop.ctx.app.inject({
    method: "GET",
    url: `/api/order/${orderId}/receipt`,
    headers: { cookie: customer.cookie },
  });
  return receipt.json().currency as string;
}

describe("Stripe in the shop's currency", () => {
  it("asks Stripe for a price and a payment in euros, and records the payment in euros", async () => {
    expect((await setCurrency("EUR", "de-DE")).statusCode).toBe(200);
    const { customer, id, intent, price } = await orderAndPayment("Standard");
    expect(intent).toMatchObject({ amount: 19, currency: "eur" });
    expect(price).toMatchObject({ unit_amount: 1900, currency: "eur" });
    expect(price?.lookup_key).toContain("-eur-");
    expect(shop.fake.intents.get(intent.paymentIntentId)).toMatchObject({ amount: 1900, currency: "eur" });
    expect(await recordedCurrency(customer, id, intent.paymentIntentId)).toBe("eur");
  });

  it("sends yen as whole yen, and keeps an order opened in euros in euros", async () => {
    const euroOrder = await orderAndPayment("Premium");
    expect((await setCurrency("JPY", "ja-JP")).statusCode).toBe(200);
    const { intent, price } = await orderAndPayment("Extended");
    // 79.00 $ kept as 7900 minor units reads 7,900 yen, sent to Stripe as 7900.
    expect(intent).toMatchObject({ amount: 7900, currency: "jpy" });
    expect(price).toMatchObject({ unit_amount: 7900, currency: "jpy" });
    // Paid after the change, the euro order is still charged and recorded in euros.
    const again = (await openPayment(shop.ctx, euroOrder.customer, euroOrder.id)).json();
    expect(again).toMatchObject({ paymentIntentId: euroOrder.intent.paymentIntentId, currency: "eur" });
    expect(await recordedCurrency(euroOrder.customer, euroOrder.id, again.paymentIntentId)).toBe("eur");
  });
});
