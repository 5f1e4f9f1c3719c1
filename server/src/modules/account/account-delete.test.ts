import { accountDataMessages, DELETED_CUSTOMER_NAME } from "@agency/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminTotalsFor,
  cancelPlansOf,
  exportFor,
  getAs,
  postAs,
  rowsMentioningIn,
  seedTwoCustomers,
} from "../../../test/account-data.js";
import { createAccount, lastOutboxMail, signIn, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { account, receipts, user } from "../../db/schema.js";
import { createDeletionToken } from "./delete.js";

let ctx: TestContext;
let admin: TestAccount;
let alice: TestAccount;
let bob: TestAccount;

const get = (who: TestAccount, url: string) => getAs(ctx, who, url);
const post = (who: TestAccount, url: string, payload: object) => postAs(ctx, who, url, payload);
const exportOf = (who: TestAccount) => exportFor(ctx, who);
const cancelPlans = (who: TestAccount) => cancelPlansOf(ctx, who);
const rowsMentioning = (...needles: string[]) => rowsMentioningIn(ctx, ...needles);
const adminTotals = () => adminTotalsFor(ctx, admin);

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, alice, bob } = await seedTwoCustomers(ctx));
});
afterAll(() => ctx.close());

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
    // All Orders finds her orders by the start of her address until then.
    const searched = `/api/orders?q=${encodeURIComponent(alice.email.split("@")[0] ?? "")}`;
    const ordersFound = async () => (await get(admin, searched)).json().orders.length;
    expect(await ordersFound()).toBeGreaterThan(0);

    const response = await post(alice, "/api/account/delete", { password: alice.password });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: "deleted" });
    expect(String(response.headers["set-cookie"])).toContain("agency.session_token=;");

    // Signed out everywhere, and the password no longer opens anything.
    expect((await get(alice, "/api/account/export")).statusCode).toBe(401);
    const again = await signIn(ctx, alice.email, alice.password);
    expect(again.statusCode).toBeGreaterThanOrEqual(400);

    expect(await rowsMentioning(alice.email, alice.name)).toEqual([]);
    expect(await ordersFound()).toBe(0);
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
