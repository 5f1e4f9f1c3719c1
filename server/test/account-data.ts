import { AccountExport, AdminOrderList, UserList } from "@agency/contract";
import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { firstRowOf, rowsOf } from "../src/db/rows.js";
import { payments, subscriptions } from "../src/db/schema.js";
import { authHeaders, createAccount, type TestAccount } from "./accounts.js";
import { uploadFile } from "./files.js";
import type { TestContext } from "./helpers.js";
import { placeOrder, placePaidOrder, planIds } from "./orders.js";

export const getAs = (ctx: TestContext, who: TestAccount, url: string) =>
  ctx.app.inject({ method: "GET", url, headers: { cookie: who.cookie } });
export const postAs = (ctx: TestContext, who: TestAccount, url: string, payload: object) =>
  ctx.app.inject({ method: "POST", url, headers: { ...authHeaders(ctx, who.cookie) }, payload });

/** The customer's own data, as "download my data" gives it. */
export async function exportFor(ctx: TestContext, who: TestAccount): Promise<AccountExport> {
  const response = await getAs(ctx, who, "/api/account/export");
  expect(response.statusCode, response.body).toBe(200);
  return AccountExport.parse(response.json());
}

/**
 * Two customers with a history: Alice and Bob each have a paid order with a file, a message, a
 * review and a contact-form lead; Alice also an unpaid order, and the admin's answer and internal
 * note on her paid one.
 */
export async function seedTwoCustomers(ctx: TestContext) {
  const post = (who: TestAccount, url: string, payload: object) => postAs(ctx, who, url, payload);
  const admin = await createAccount(ctx, { admin: true, name: "Ada Admin" });
  const alice = await createAccount(ctx, { name: "Alice Zephyrine" });
  const bob = await createAccount(ctx, { name: "Bob Quillfeather" });
  const plans = await planIds(ctx);
  const aliceOrder = await placePaidOrder(ctx, alice, plans.standardMonthly._id);
  const bobOrder = await placePaidOrder(ctx, bob, plans.standardMonthly._id);
  // An unpaid order as well, which stays in the admin's counts after deletion.
  expect((await placeOrder(ctx, alice, plans.premiumYearly._id)).statusCode).toBe(200);

  for (const [who, order, text] of [
    [alice, aliceOrder, "Alice's own message"],
    [bob, bobOrder, "Bob's private message"],
  ] as const) {
    const file = await uploadFile(ctx, who, order, {
      name: `${who === alice ? "alice" : "bob"}-brief.pdf`,
      contentType: "application/pdf",
      content: `%PDF-1.4 ${text}`,
    });
    expect(file.statusCode, file.body).toBe(200);
    const sent = await post(who, `/api/order/${order}/messages`, { body: text, fileIds: [file.json()._id] });
    expect(sent.statusCode, sent.body).toBe(200);
    const review = await post(who, "/api/reviews", { orderId: order, comment: `${text} as a review` });
    expect(review.statusCode, review.body).toBe(200);
    const lead = await ctx.app.inject({
      method: "POST",
      url: "/api/leads/contact",
      payload: { name: who.name, email: who.email, message: `${text} in a contact form` },
    });
    expect(lead.statusCode, lead.body).toBe(201);
  }
  const reply = await post(admin, `/api/order/${aliceOrder}/messages`, { body: "The agency's answer" });
  expect(reply.statusCode, reply.body).toBe(200);
  const note = await post(admin, `/api/order/${aliceOrder}/messages`, {
    body: "An internal note about Alice",
    internal: true,
  });
  expect(note.statusCode, note.body).toBe(200);
  return { admin, alice, bob, aliceOrder, bobOrder };
}

/** Cancels the customer's running plans, as they would on the payment history page. */
export async function cancelPlansOf(ctx: TestContext, who: TestAccount) {
  const rows = await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, who.id));
  for (const row of rows) {
    const response = await postAs(ctx, who, `/api/subscriptions/${row.id}/cancel`, {});
    expect(response.statusCode, response.body).toBe(200);
  }
}

/** Every text and JSON column of every table, searched for the given words (case-insensitive). */
export async function rowsMentioningIn(ctx: TestContext, ...needles: string[]) {
  const rows = await rowsOf<{ table_name: string; column_name: string }>(
    ctx.db,
    sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')`,
  );
  const hits: string[] = [];
  for (const { table_name, column_name } of rows) {
    for (const needle of needles) {
      const found = await firstRowOf<{ n: number }>(
        ctx.db,
        sql`select count(*)::int as n from ${sql.identifier(table_name)}
            where position(${needle.toLowerCase()} in lower(${sql.identifier(column_name)}::text)) > 0`,
      );
      if ((found?.n ?? 0) > 0) hits.push(`${table_name}.${column_name} has ${needle}`);
    }
  }
  return hits;
}

/** The admin's totals: orders by state, users, reviews, leads and revenue. */
export async function adminTotalsFor(ctx: TestContext, admin: TestAccount) {
  const orders = AdminOrderList.parse((await getAs(ctx, admin, "/api/orders")).json()).counts;
  const users = UserList.parse((await getAs(ctx, admin, "/api/users")).json()).total;
  const reviewCount = (await ctx.app.inject({ method: "GET", url: "/api/review-count" })).json().count;
  const leadsTotal = (await getAs(ctx, admin, "/api/admin/leads")).json().total;
  const [revenue] = await ctx.db
    .select({ cents: sql<number>`sum(${payments.amountCents})::int` })
    .from(payments);
  return { orders, users, reviewCount, leadsTotal, revenue: revenue?.cents ?? 0 };
}
