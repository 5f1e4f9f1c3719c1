import { salesMessages } from "@agency/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { openPayment, payWithTestCard } from "../../../test/orders.js";
import {
  customerCall,
  dayFromNow,
  invoiceBody,
  quoteBody,
  salesCall,
  salesDetail,
  signed,
  tokenOf,
  writeQuote,
} from "../../../test/sales.js";
import { auditLog, orders, testPaymentIntents } from "../../db/schema.js";

let ctx: TestContext;
let owner: TestAccount;
let counter = 0;
const newAddress = () => `sale-order-${++counter}-${Date.now()}@example.com`;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { role: "owner" });
});
afterAll(() => ctx.close());

/** A quote or invoice the agency withdraws must not leave an order the customer can still pay. */
describe("the unpaid order of a withdrawn quote or invoice", () => {
  it("takes the unpaid order of an accepted quote with it when voided, unless its payment is under way", async () => {
    const email = newAddress();
    const customer = await createAccount(ctx, { email });
    const accepted = async () => {
      const id = await writeQuote(ctx, owner, {
        body: quoteBody({ email, validUntil: dayFromNow(30, ctx.clock.now()) }),
        send: true,
      });
      const token = await tokenOf(ctx, owner, id);
      expect((await customerCall(ctx, customer, "POST", `${token}/accept`, signed())).statusCode).toBe(200);
      const pay = await customerCall(ctx, customer, "POST", `${token}/pay`);
      expect(pay.statusCode, pay.body).toBe(200);
      const orderId: string = pay.json().orderId;
      expect((await openPayment(ctx, customer, orderId)).statusCode).toBe(200);
      return { id, orderId };
    };

    // Its payment was opened but not made: voiding the quote deletes the order, which can no longer be paid.
    const first = await accepted();
    const voided = await salesCall(ctx, owner, "POST", `/${first.id}/void`);
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await ctx.db.select().from(orders).where(eq(orders.id, first.orderId))).toEqual([]);
    expect((await openPayment(ctx, customer, first.orderId)).statusCode).toBe(404);
    const [entry] = await ctx.db
      .select({ before: auditLog.before })
      .from(auditLog)
      .where(and(eq(auditLog.action, "quote.voided"), eq(auditLog.subjectId, first.id)));
    expect(entry?.before).toMatchObject({ state: "accepted", unpaidOrder: first.orderId });

    // The provider took its payment and its report has not arrived: the void is refused and changes nothing.
    const second = await accepted();
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, second.orderId));
    await ctx.db
      .update(testPaymentIntents)
      .set({ status: "succeeded" })
      .where(eq(testPaymentIntents.id, order?.paymentIntentId ?? ""));
    const refused = await salesCall(ctx, owner, "POST", `/${second.id}/void`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(salesMessages.paymentUnderway);
    expect(await salesDetail(ctx, owner, second.id)).toMatchObject({ state: "accepted" });
    expect(
      await ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.id, second.orderId)),
    ).toHaveLength(1);
  });

  it("takes the unpaid order of an invoice the customer began to pay with it when a revision replaces it", async () => {
    const email = newAddress();
    const customer = await createAccount(ctx, { email });
    const body = invoiceBody({ email, dueDate: dayFromNow(10, ctx.clock.now()) });
    const id = await writeQuote(ctx, owner, { body, send: true });
    const token = await tokenOf(ctx, owner, id);
    const pay = await customerCall(ctx, customer, "POST", `${token}/pay`);
    expect(pay.statusCode, pay.body).toBe(200);
    const orderId: string = pay.json().orderId;
    expect((await openPayment(ctx, customer, orderId)).statusCode).toBe(200);

    const revision = (await salesCall(ctx, owner, "POST", `/${id}/revise`)).json();
    const sent = await salesCall(ctx, owner, "POST", `/${revision._id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await ctx.db.select().from(orders).where(eq(orders.id, orderId))).toEqual([]);
    // The customer pays the new revision, with an order of its own.
    const again = await customerCall(ctx, customer, "POST", `${token}/pay`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().orderId).not.toBe(orderId);
    expect((await payWithTestCard(ctx, customer, again.json().orderId)).statusCode).toBe(200);
    expect(await salesDetail(ctx, owner, revision._id)).toMatchObject({ state: "paid" });
  });
});
