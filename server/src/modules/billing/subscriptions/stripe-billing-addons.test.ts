import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../../../../test/accounts.js";
import { addAddon, cents } from "../../../../test/addons.js";
import type { TestContext } from "../../../../test/helpers.js";
import { openPayment, placeOrder, planIds } from "../../../../test/orders.js";
import { createPromoCode } from "../../../../test/promo-codes.js";
import { createStripeTestApp } from "../../../../test/stripe.js";
import { payments } from "../../../db/schema.js";

let stripeApp: Awaited<ReturnType<typeof createStripeTestApp>>;
let ctx: TestContext;
let planId: string;
let planCents: number;
let addonIds: { once: string; every: string };

beforeAll(async () => {
  stripeApp = await createStripeTestApp();
  ({ ctx } = stripeApp);
  const owner = await createAccount(ctx, { role: "owner" });
  const { standardMonthly } = await planIds(ctx);
  planId = standardMonthly._id;
  planCents = cents(standardMonthly.newPrice);
  const once = await addAddon(ctx, owner, planId, { name: "Rush delivery", price: 50, recurring: false });
  const every = await addAddon(ctx, owner, planId, { name: "Monthly report", price: 20, recurring: true });
  addonIds = { once: once._id, every: every._id };
  await createPromoCode(ctx, owner, "FIRSTHALF", { value: 50, appliesTo: "first" });
});
afterAll(() => stripeApp.close());

let eventClock = Math.floor(Date.now() / 1000);
function invoicePaid(invoice: object) {
  eventClock += 1;
  const event = { id: `evt_${eventClock}`, object: "event", type: "invoice.paid", created: eventClock };
  return stripeApp.deliver({ ...event, data: { object: invoice } });
}

/**
 * A customer orders the plan with add-ons (and a code), opens the payment page and Stripe charges
 * the first invoice and one renewal: the amounts Stripe charged, and those the shop recorded.
 */
async function firstAndRenewal(order: { addonIds: string[]; promoCode?: string }) {
  const { fake } = stripeApp;
  const customer = await createAccount(ctx);
  const orderId: string = (await placeOrder(ctx, customer, planId, order)).json().insertedId;
  expect((await openPayment(ctx, customer, orderId)).statusCode).toBe(200);
  const subscription = [...fake.subscriptions.values()].find((item) => item.metadata.orderId === orderId);
  if (!subscription) throw new Error("no Stripe subscription");
  const first = fake.payInvoice(subscription.latest_invoice);
  expect((await invoicePaid(first)).statusCode).toBe(200);
  const renewal = fake.payInvoice(fake.renew(subscription.id).id);
  expect((await invoicePaid(renewal)).statusCode).toBe(200);
  const recorded = await ctx.db.select().from(payments).where(eq(payments.orderId, orderId));
  return {
    charged: [first.amount_paid, renewal.amount_paid],
    recorded: recorded.map((payment) => payment.amountCents).sort((a, b) => b - a),
  };
}

describe("Stripe Billing with add-ons", () => {
  it("charges the add-ons charged once on the first invoice only, and those charged every period at each renewal", async () => {
    const { charged, recorded } = await firstAndRenewal({ addonIds: [addonIds.once, addonIds.every] });
    expect(charged).toEqual([planCents + 7000, planCents + 2000]);
    expect(recorded).toEqual([planCents + 7000, planCents + 2000]);
  });

  it("takes a code for the first payment off the first invoice only", async () => {
    const { charged, recorded } = await firstAndRenewal({
      addonIds: [addonIds.every],
      promoCode: "FIRSTHALF",
    });
    const renewal = planCents + 2000;
    const first = renewal - Math.round(renewal * 0.5);
    expect(charged).toEqual([first, renewal]);
    expect(recorded).toEqual([renewal, first]);
  });
});
