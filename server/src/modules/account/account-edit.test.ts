import { AdminOrderList } from "@agency/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportFor, getAs, postAs } from "../../../test/account-data.js";
import { createAccount, lastOutboxMail, signIn, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { placePaidOrder, planIds } from "../../../test/orders.js";

let ctx: TestContext;
let admin: TestAccount;

const get = (who: TestAccount, url: string) => getAs(ctx, who, url);
const post = (who: TestAccount, url: string, payload: object) => postAs(ctx, who, url, payload);
const exportOf = (who: TestAccount) => exportFor(ctx, who);

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, { admin: true, name: "Ada Admin" });
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
