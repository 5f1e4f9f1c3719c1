import {
  AccountExport,
  AdminOrderList,
  accountDataMessages,
  DELETED_CUSTOMER_NAME,
  UserList,
} from "@agency/contract";
import { and, eq, sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authHeaders,
  createAccount,
  lastOutboxMail,
  signIn,
  type TestAccount,
} from "../../../test/accounts.js";
import { uploadFile } from "../../../test/files.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { placeOrder, placePaidOrder, planIds } from "../../../test/orders.js";
import { account, payments, receipts, subscriptions, user } from "../../db/schema.js";
import { createDeletionToken } from "./delete.js";

let ctx: TestContext;
let admin: TestAccount;
let alice: TestAccount;
let bob: TestAccount;
let aliceOrder: string;
let bobOrder: string;

const get = (who: TestAccount, url: string) =>
  ctx.app.inject({ method: "GET", url, headers: { cookie: who.cookie } });
const post = (who: TestAccount, url: string, payload: object) =>
  ctx.app.inject({ method: "POST", url, headers: { ...authHeaders(ctx, who.cookie) }, payload });

async function exportOf(who: TestAccount): Promise<AccountExport> {
  const response = await get(who, "/api/account/export");
  expect(response.statusCode, response.body).toBe(200);
  return AccountExport.parse(response.json());
}

/** Cancels the customer's running plans, as they would on the payment history page. */
async function cancelPlans(who: TestAccount) {
  const rows = await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, who.id));
  for (const row of rows) {
    const response = await post(who, `/api/subscriptions/${row.id}/cancel`, {});
    expect(response.statusCode, response.body).toBe(200);
  }
}

/** Every text and JSON column of every table, searched for the given words (case-insensitive). */
async function rowsMentioning(...needles: string[]) {
  // node-postgres and PGlite both answer with the returned rows in `rows`.
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const columns = await ctx.db.execute(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')`);
  const rows = rowsOf<{ table_name: string; column_name: string }>(columns);
  const hits: string[] = [];
  for (const { table_name, column_name } of rows) {
    for (const needle of needles) {
      const found = await ctx.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table_name)}
            where position(${needle.toLowerCase()} in lower(${sql.identifier(column_name)}::text)) > 0`,
      );
      const foundRows = rowsOf<{ n: number }>(found);
      if ((foundRows[0]?.n ?? 0) > 0) hits.push(`${table_name}.${column_name} has ${needle}`);
    }
  }
  return hits;
}

async function adminTotals() {
  const orders = AdminOrderList.parse((await get(admin, "/api/orders")).json()).counts;
  const users = UserList.parse((await get(admin, "/api/users")).json()).total;
  const reviewCount = (await ctx.app.inject({ method: "GET", url: "/api/review-count" })).json().count;
  const leadsTotal = (await get(admin, "/api/admin/leads")).json().total;
  const [revenue] = await ctx.db
    .select({ cents: sql<number>`sum(${payments.amountCents})::int` })
    .from(payments);
  return { orders, users, reviewCount, leadsTotal, revenue: revenue?.cents ?? 0 };
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, { admin: true, name: "Ada Admin" });
  alice = await createAccount(ctx, { name: "Alice Zephyrine" });
  bob = await createAccount(ctx, { name: "Bob Quillfeather" });
  const plans = await planIds(ctx);
  aliceOrder = await placePaidOrder(ctx, alice, plans.standardMonthly._id);
  bobOrder = await placePaidOrder(ctx, bob, plans.standardMonthly._id);
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
});
afterAll(() => ctx.close());

describe("edit my account", () => {
  it("changes the name", async () => {
    const who = await createAccount(ctx, { name: "Old Name" });
    const response = await post(who, "/api/auth/update-user", { name: "New Name" });
    expect(response.statusCode, response.body).toBe(200);
    expect((await exportOf(who)).profile.name).toBe("New Name");
    for (const name of ["   ", "x".repeat(201)]) {
      const refused = await post(who, "/api/auth/update-user", { name });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe("A name needs 1 to 200 characters.");
    }
    expect((await exportOf(who)).profile.name).toBe("New Name");
  });

  it("changes the password only with the current one, and can sign out the other sessions", async () => {
    const who = await createAccount(ctx);
    const other = await signIn(ctx, who.email, who.password);
    const otherCookie = String(other.headers["set-cookie"]).split(";")[0] ?? "";
    const wrong = await post(who, "/api/auth/change-password", {
      currentPassword: "not-the-password",
      newPassword: "a-new-password",
    });
    expect(wrong.statusCode).toBe(400);
    expect((await signIn(ctx, who.email, who.password)).statusCode).toBe(200);

    const changed = await post(who, "/api/auth/change-password", {
      currentPassword: who.password,
      newPassword: "a-new-password",
      revokeOtherSessions: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await signIn(ctx, who.email, who.password)).statusCode).toBe(401);
    expect((await signIn(ctx, who.email, "a-new-password")).statusCode).toBe(200);
    const stale = await ctx.app.inject({
      method: "GET",
      url: "/api/account/export",
      headers: { cookie: otherCookie },
    });
    expect(stale.statusCode).toBe(401);
  });

  it("signs out the other sessions on request", async () => {
    const who = await createAccount(ctx);
    const other = await signIn(ctx, who.email, who.password);
    const otherCookie = String(other.headers["set-cookie"]).split(";")[0] ?? "";
    const response = await post(who, "/api/auth/revoke-other-sessions", {});
    expect(response.statusCode, response.body).toBe(200);
    const stale = await ctx.app.inject({
      method: "GET",
      url: "/api/account/export",
      headers: { cookie: otherCookie },
    });
    expect(stale.statusCode).toBe(401);
    expect((await get(who, "/api/account/export")).statusCode).toBe(200);
  });

  it("changes the e-mail address once the new address confirms it", async () => {
    const who = await createAccount(ctx);
    const plans = await planIds(ctx);
    const orderId = await placePaidOrder(ctx, who, plans.standardMonthly._id);
    const newEmail = `moved-${Date.now()}@example.com`;
    const asked = await post(who, "/api/auth/change-email", { newEmail, callbackURL: "/dashboard/profile" });
    expect(asked.statusCode, asked.body).toBe(200);
    // Nothing changes until the mail to the new address is opened.
    expect((await exportOf(who)).profile.email).toBe(who.email);
    const mail = await lastOutboxMail(ctx, newEmail);
    expect(mail.subject).toMatch(/Confirm your new e-mail address/);
    const link = new URL(mail.link);
    const opened = await ctx.app.inject({
      method: "GET",
      url: `${link.pathname}${link.search}`,
      headers: { cookie: who.cookie },
    });
    expect(opened.statusCode).toBeLessThan(400);
    expect((await exportOf(who)).profile.email).toBe(newEmail);
    expect((await signIn(ctx, newEmail, who.password)).statusCode).toBe(200);
    // The admin finds the customer's order under the new address, and the payment history has it.
    const found = await get(admin, `/api/orders?search=${encodeURIComponent(newEmail)}`);
    expect(AdminOrderList.parse(found.json()).orders.map((order) => [order._id, order.email])).toEqual([
      [orderId, newEmail],
    ]);
    const history = await get(who, `/api/payment-history/${encodeURIComponent(newEmail)}`);
    expect(history.json()).toHaveLength(1);
  });
});

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

describe("delete my account", () => {
  it("refuses a missing or wrong password and changes nothing", async () => {
    const missing = await post(bob, "/api/account/delete", {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(accountDataMessages.passwordRequired);
    const wrong = await post(bob, "/api/account/delete", { password: "not-my-password" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(accountDataMessages.wrongPassword);
    const malformed = await post(bob, "/api/account/delete", { password: 42 });
    expect(malformed.statusCode).toBe(400);
    expect((await exportOf(bob)).profile.name).toBe(bob.name);
    expect((await signIn(ctx, bob.email, bob.password)).statusCode).toBe(200);
  });

  it("waits until the customer's running plans are cancelled", async () => {
    const response = await post(bob, "/api/account/delete", { password: bob.password });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(accountDataMessages.activePlans);
    expect((await exportOf(bob)).profile.email).toBe(bob.email);
  });

  it("refuses the last admin", async () => {
    const response = await post(admin, "/api/account/delete", { password: admin.password });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(accountDataMessages.lastAdmin);
  });

  it("lets an admin who is not the last one delete their account", async () => {
    const second = await createAccount(ctx, { admin: true, name: "Second Admin" });
    const response = await post(second, "/api/account/delete", { password: second.password });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await ctx.db.select().from(user).where(eq(user.id, second.id));
    expect(row).toMatchObject({ role: null, name: DELETED_CUSTOMER_NAME });
    expect(await rowsMentioning(second.email)).toEqual([]);
    // The remaining admin is still the last one.
    expect((await post(admin, "/api/account/delete", { password: admin.password })).statusCode).toBe(409);
  });

  it("anonymises everything that named the customer, keeps the books and the admin totals", async () => {
    await cancelPlans(alice);
    const before = await adminTotals();
    // The search sees what it looks for: before deletion, the name and address are in many places.
    expect((await rowsMentioning(alice.email, alice.name)).length).toBeGreaterThan(5);
    const [receiptBefore] = await ctx.db.select().from(receipts).where(eq(receipts.userId, alice.id));

    const response = await post(alice, "/api/account/delete", { password: alice.password });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: "deleted" });
    expect(String(response.headers["set-cookie"])).toContain("agency.session_token=;");

    // Signed out everywhere, and the password no longer opens anything.
    expect((await get(alice, "/api/account/export")).statusCode).toBe(401);
    const again = await signIn(ctx, alice.email, alice.password);
    expect(again.statusCode).toBeGreaterThanOrEqual(400);

    expect(await rowsMentioning(alice.email, alice.name)).toEqual([]);
    expect(await adminTotals()).toEqual(before);

    const [receiptAfter] = await ctx.db.select().from(receipts).where(eq(receipts.userId, alice.id));
    expect(receiptAfter).toEqual({
      ...receiptBefore,
      customerName: DELETED_CUSTOMER_NAME,
      customerEmail: expect.stringMatching(/^deleted-.*@deleted\.invalid$/),
    });

    // Bob's records are untouched.
    const bobData = await exportOf(bob);
    expect(bobData.profile).toMatchObject({ name: bob.name, email: bob.email });
    expect(bobData.leads[0]?.email).toBe(bob.email);
    expect(bobData.orders[0]?.messages[0]?.author).toBe(bob.name);

    // The address is free for a new account.
    const fresh = await createAccount(ctx, { email: alice.email, name: "Alice Again" });
    expect((await exportOf(fresh)).orders).toEqual([]);
  });

  it("receipts still refuse every other change", async () => {
    const [row] = await ctx.db.select().from(receipts).where(eq(receipts.userId, alice.id));
    await expect(
      ctx.db
        .update(receipts)
        .set({ amountCents: 1 })
        .where(eq(receipts.id, row?.id ?? "")),
    ).rejects.toThrow();
    await expect(
      ctx.db
        .update(receipts)
        .set({ customerName: "Someone", customerEmail: "someone@example.com" })
        .where(eq(receipts.id, row?.id ?? "")),
    ).rejects.toThrow();
    await expect(ctx.db.delete(receipts).where(eq(receipts.id, row?.id ?? ""))).rejects.toThrow();
  });

  it("mails a confirmation link to accounts without a password, which deletes the account", async () => {
    const social = await createAccount(ctx, { name: "Sol Socialite" });
    // As if it had signed up with Google: no password.
    await ctx.db
      .update(account)
      .set({ providerId: "google", password: null })
      .where(and(eq(account.userId, social.id), eq(account.providerId, "credential")));

    const asked = await post(social, "/api/account/delete", {});
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ status: "mailed" });
    const mail = await lastOutboxMail(ctx, social.email);
    const token = new URL(mail.link).searchParams.get("delete") ?? "";
    expect(token.length).toBeGreaterThan(16);

    // Someone else's token, or a made-up one, deletes nothing.
    const bobToken = await createDeletionToken(ctx.db, bob.id);
    for (const wrong of [bobToken, "x".repeat(40)]) {
      const refused = await post(social, "/api/account/delete/confirm", { token: wrong });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(accountDataMessages.deletionLinkInvalid);
    }
    expect((await exportOf(social)).profile.name).toBe(social.name);

    const confirmed = await post(social, "/api/account/delete/confirm", { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [row] = await ctx.db.select().from(user).where(eq(user.id, social.id));
    expect(row?.name).toBe(DELETED_CUSTOMER_NAME);
    expect(await rowsMentioning(social.email, social.name)).toEqual([]);
    // A link works once.
    expect((await post(bob, "/api/account/delete/confirm", { token })).statusCode).toBe(400);
  });
});
