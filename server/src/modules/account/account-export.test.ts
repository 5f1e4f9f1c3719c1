import { AccountExport } from "@agency/contract";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportFor, getAs, seedTwoCustomers } from "../../../test/account-data.js";
import type { TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { payWithTestCard } from "../../../test/orders.js";
import { customerCall, dayFromNow, quoteBody, signed, tokenOf, writeQuote } from "../../../test/sales.js";

let ctx: TestContext;
let admin: TestAccount;
let alice: TestAccount;
let bob: TestAccount;
let aliceOrder: string;
let bobOrder: string;

const get = (who: TestAccount, url: string) => getAs(ctx, who, url);
const exportOf = (who: TestAccount) => exportFor(ctx, who);

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, alice, bob, aliceOrder, bobOrder } = await seedTwoCustomers(ctx));
});
afterAll(() => ctx.close());

describe("download my data", () => {
  it("needs a signed-in customer", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/account/export" });
    expect(response.statusCode).toBe(401);
  });

  it("holds the customer's orders, payments, reviews, messages and leads, and nobody else's", async () => {
    const data = await exportOf(alice);
    expect(data.profile).toMatchObject({ name: alice.name, email: alice.email });
    expect(data.orders).toHaveLength(2);
    const paid = data.orders.find((order) => order._id === aliceOrder);
    expect(paid?.messages.map((message) => message.body)).toEqual([
      "Alice's own message",
      "The agency's answer",
    ]);
    expect(paid?.messages[1]).toMatchObject({ author: "Ada Admin", role: "admin" });
    expect(paid?.files.map((file) => file.name)).toEqual(["alice-brief.pdf"]);
    expect(data.payments).toHaveLength(1);
    expect(data.payments[0]?.orderId).toBe(aliceOrder);
    expect(data.receipts).toHaveLength(1);
    expect(data.reviews.map((review) => review.comment)).toEqual(["Alice's own message as a review"]);
    expect(data.leads.map((lead) => lead.message)).toEqual(["Alice's own message in a contact form"]);

    const text = JSON.stringify(data);
    for (const foreign of [
      bob.email,
      bob.name,
      bobOrder,
      "Bob's private message",
      "An internal note",
      admin.email,
    ]) {
      expect(text).not.toContain(foreign);
    }
  });

  it("holds the quotes and invoices sent to the customer, each order's lines and each refund's reason", async () => {
    const validUntil = dayFromNow(30, ctx.clock.now());
    const lines = [
      { description: "Landing page", quantity: 1, unitPrice: 900, recurring: null },
      { description: "Copywriting", quantity: 2, unitPrice: 150, recurring: null },
    ];
    const sent = await writeQuote(ctx, admin, {
      body: quoteBody({ email: alice.email, name: alice.name, validUntil, lines }),
      send: true,
    });
    // A draft is the agency's own, and a quote to someone else is theirs.
    await writeQuote(ctx, admin, { body: quoteBody({ email: alice.email, validUntil }) });
    await writeQuote(ctx, admin, { body: quoteBody({ email: bob.email, validUntil }), send: true });
    const token = await tokenOf(ctx, admin, sent);
    expect((await customerCall(ctx, alice, "POST", `${token}/accept`, signed())).statusCode).toBe(200);
    const orderId: string = (await customerCall(ctx, alice, "POST", `${token}/pay`)).json().orderId;
    expect((await payWithTestCard(ctx, alice, orderId)).statusCode).toBe(200);
    const [payment] = (await getAs(ctx, admin, `/api/admin/orders/${orderId}`)).json().payments;
    const refunded = await ctx.app.inject({
      method: "POST",
      url: `/api/admin/orders/${orderId}/refunds`,
      headers: { cookie: admin.cookie },
      payload: { paymentId: payment._id, amount: 100, reason: "Copy was late" },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);

    const data = await exportOf(alice);
    expect(data.salesDocuments).toEqual([
      expect.objectContaining({
        kind: "quote",
        revision: 1,
        state: "paid",
        email: alice.email,
        total: 1200,
        orderId,
        lines: [
          { description: "Landing page", quantity: 1, unitPrice: 900, recurring: null },
          { description: "Copywriting", quantity: 2, unitPrice: 150, recurring: null },
        ],
      }),
    ]);
    expect(data.orders.find((order) => order._id === orderId)?.lines).toEqual([
      { description: "Landing page", quantity: 1, unitPrice: 900, amount: 900, recurring: false },
      { description: "Copywriting", quantity: 2, unitPrice: 150, amount: 300, recurring: false },
    ]);
    expect(
      data.payments.filter((row) => row.orderId === orderId).map((row) => [row.amount, row.refundReason]),
    ).toEqual([
      [1200, null],
      [-100, "Copy was late"],
    ]);
    expect(JSON.stringify(data)).not.toContain(bob.email);
  });

  it("zips the same document with the files of the customer's orders", async () => {
    const response = await get(alice, "/api/account/export.zip");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/zip");
    expect(response.headers["content-disposition"]).toMatch(/attachment; filename="my-data-.*\.zip"/);
    const entries = unzipSync(new Uint8Array(response.rawPayload));
    const data = AccountExport.parse(JSON.parse(strFromU8(entries["data.json"] ?? new Uint8Array())));
    const file = data.orders.flatMap((order) => order.files)[0];
    expect(file).toBeDefined();
    expect(Object.keys(entries).sort()).toEqual(["data.json", file?.path].sort());
    expect(strFromU8(entries[file?.path ?? ""] ?? new Uint8Array())).toBe("%PDF-1.4 Alice's own message");
  });
});
