import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../../test/helpers.js";
import { payWithTestCard, placeOrder, planIds } from "../../../../test/orders.js";
import { orders, pricingPlans, receipts, user } from "../../../db/schema.js";
import { recordPayment } from "../payments/service.js";
import { formatReceiptNumber, includedTax, receiptSettings } from "./issue.js";

let ctx: TestContext;
let customer: TestAccount;
let stranger: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  ctx = await createTestApp({
    env: { TAX_RATE: "20", TAX_ID: "GB123456789", SITE_CONFIG: "/nonexistent/site.config.json" },
  });
  customer = await createAccount(ctx, { name: "Robin Receipt" });
  stranger = await createAccount(ctx);
  admin = await createAccount(ctx, { admin: true });
});
afterAll(() => ctx.close());

const get = (url: string, account?: TestAccount) =>
  ctx.app.inject({ method: "GET", url, headers: account ? { cookie: account.cookie } : {} });

describe("receipts", () => {
  let receiptId: string;
  let orderId: string;

  it("issues a numbered receipt with the seller, customer, plan, tax and card for a payment", async () => {
    const plan = (await planIds(ctx)).premiumYearly;
    orderId = (await placeOrder(ctx, customer, plan._id)).json().insertedId;
    expect((await payWithTestCard(ctx, customer, orderId)).statusCode).toBe(200);

    const list = (await get("/api/receipts", customer)).json();
    expect(list).toHaveLength(1);
    receiptId = list[0]._id;
    const receipt = (await get(`/api/receipts/${receiptId}`, customer)).json();
    const year = new Date().getUTCFullYear();
    expect(receipt).toMatchObject({
      number: `R-${year}-00001`,
      orderId,
      customer: { name: "Robin Receipt", email: customer.email },
      service: plan.service,
      serviceDuration: plan.duration,
      amount: plan.newPrice,
      taxRatePercent: 20,
      tax: includedTax(Math.round(plan.newPrice * 100), 2000) / 100,
      card: { brand: "visa", last4: "4242" },
      seller: { taxId: "GB123456789" },
    });
    expect(receipt.seller.name).toBeTruthy();
    expect(receipt.seller.address.length).toBeGreaterThan(0);
    expect((await get(`/api/order/${orderId}/receipt`, admin)).json()._id).toBe(receiptId);
  });

  it("is a PDF for its customer and admins, and does not exist for anyone else", async () => {
    const pdf = await get(`/api/receipts/${receiptId}/pdf`, customer);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await get(`/api/receipts/${receiptId}/pdf`, admin)).statusCode).toBe(200);

    expect((await get(`/api/receipts/${receiptId}`, stranger)).statusCode).toBe(404);
    expect((await get(`/api/receipts/${receiptId}/pdf`, stranger)).statusCode).toBe(404);
    expect((await get(`/api/order/${orderId}/receipt`, stranger)).statusCode).toBe(404);
    expect((await get("/api/receipts/not-an-id", customer)).statusCode).toBe(404);
    expect((await get(`/api/receipts/${randomUUID()}/pdf`, customer)).statusCode).toBe(404);
    expect((await get(`/api/receipts/${receiptId}`)).statusCode).toBe(401);
  });

  it("is named on the payment in the customer's history and on the admin's payment page", async () => {
    const history = (await get(`/api/payment-history/${customer.email}`, customer)).json();
    expect(history).toEqual([expect.objectContaining({ orderId, receiptId })]);
    const details = (await get(`/api/admin/payment/${orderId}`, admin)).json();
    expect(details.payment).toMatchObject({ orderId, receiptId });
  });

  it("cannot be changed or deleted once issued", async () => {
    await expect(
      ctx.db.update(receipts).set({ amountCents: 1 }).where(eq(receipts.id, receiptId)),
    ).rejects.toThrow();
    await expect(ctx.db.delete(receipts).where(eq(receipts.id, receiptId))).rejects.toThrow();
  });

  it("numbers 50 concurrent payments without gaps or duplicates", async () => {
    const [plan] = await ctx.db.select().from(pricingPlans).limit(1);
    if (!plan) throw new Error("no plan");
    const ids = Array.from({ length: 50 }, () => randomUUID());
    await ctx.db.insert(user).values(
      ids.map((id, index) => ({
        id,
        name: `Buyer ${index}`,
        email: `buyer${index}@example.com`,
        emailVerified: true,
      })),
    );
    const placed = await ctx.db
      .insert(orders)
      .values(
        ids.map((id, index) => ({
          userId: id,
          planId: plan.id,
          email: `buyer${index}@example.com`,
          name: `Buyer ${index}`,
          service: plan.service,
          serviceDuration: plan.duration,
          priceCents: plan.newPriceCents,
          phone: "0123456789",
        })),
      )
      .returning({ id: orders.id });
    const settings = receiptSettings(ctx.config, ctx.db);
    await Promise.all(
      placed.map((order, index) =>
        recordPayment(
          ctx.db,
          "test",
          {
            id: `pi_concurrent_${index}`,
            clientSecret: "",
            status: "succeeded",
            amountCents: plan.newPriceCents,
            currency: "usd",
            orderId: order.id,
            invoiceId: null,
            time: new Date(),
          },
          settings,
        ),
      ),
    );
    const year = new Date().getUTCFullYear();
    const numbers = (await ctx.db.select({ number: receipts.number }).from(receipts)).map(
      (row) => row.number,
    );
    expect(numbers.sort()).toEqual(
      Array.from({ length: 51 }, (_, index) => formatReceiptNumber(year, index + 1)),
    );
  });
});
