import type { ClientRole } from "@agency/contract";
import { companyMessages } from "@agency/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { openPayment, payWithTestCard, placeOrder, placePaidOrder, planIds } from "../../../test/orders.js";
import { auditLog, orders, user } from "../../db/schema.js";
import { addPersonToCompany } from "./service.js";

let ctx: TestContext;
let plans: Awaited<ReturnType<typeof planIds>>;

beforeAll(async () => {
  ctx = await createTestApp();
  plans = await planIds(ctx);
});
afterAll(() => ctx.close());

const call = (account: TestAccount, method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie: account.cookie }, payload });

async function companyOf(account: TestAccount): Promise<string> {
  const [row] = await ctx.db.select({ companyId: user.companyId }).from(user).where(eq(user.id, account.id));
  if (!row?.companyId) throw new Error(`${account.email} is in no company`);
  return row.companyId;
}

/** A colleague joins the company with a client role (as an accepted invitation will put them in). */
async function colleague(companyId: string, companyRole: ClientRole, name: string): Promise<TestAccount> {
  const person = await createAccount(ctx, { name });
  await ctx.db.transaction((tx) => addPersonToCompany(tx, { companyId, userId: person.id, companyRole }));
  ctx.app.sessionCache.clear();
  return person;
}

describe("a client company's people", () => {
  it("a first order makes the customer a company of one, its Admin, and the order the company's", async () => {
    const alone = await createAccount(ctx);
    const orderId = await placePaidOrder(ctx, alone, plans.standardMonthly._id);
    const companyId = await companyOf(alone);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row?.companyId).toBe(companyId);
    const [person] = await ctx.db.select().from(user).where(eq(user.id, alone.id));
    expect(person?.companyRole).toBe("admin");
    // As before companies: the whole order, its money and the receipts.
    const detail = (await call(alone, "GET", `/api/order/${orderId}`)).json();
    expect(detail.currentPrice).toBeDefined();
    expect((await call(alone, "GET", "/api/receipts")).json()).toHaveLength(1);
  });

  it("share the company's orders and threads, each within their client role; another company sees nothing", async () => {
    const ceo = await createAccount(ctx, { name: "Cleo CEO" });
    const orderId = await placePaidOrder(ctx, ceo, plans.standardMonthly._id);
    const companyId = await companyOf(ceo);
    const manager = await colleague(companyId, "member", "Max Manager");
    const bookkeeper = await colleague(companyId, "billing", "Bea Books");
    const outsider = await createAccount(ctx);
    await placePaidOrder(ctx, outsider, plans.standardMonthly._id);

    // The manager (Member) sees the order in their list and opens it, without its money.
    const listed = (
      await call(manager, "GET", `/api/order?email=${encodeURIComponent(manager.email)}`)
    ).json();
    expect(listed.map((order: { _id: string }) => order._id)).toEqual([orderId]);
    const seen = await call(manager, "GET", `/api/order/${orderId}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().currentPrice).toBeUndefined();
    expect(seen.json().email).toBe(ceo.email);

    // They write in its thread; the CEO reads it with the manager's name.
    const posted = await call(manager, "POST", `/api/order/${orderId}/messages`, {
      body: "Our brand colours attached.",
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const thread = (await call(ceo, "GET", `/api/order/${orderId}/messages`)).json().messages;
    expect(
      thread.map((message: { author: { name: string }; body: string }) => [
        message.author.name,
        message.body,
      ]),
    ).toEqual([["Max Manager", "Our brand colours attached."]]);

    // Approving is for Approvers and Admins; the money for Billing and Admins.
    const approve = await call(manager, "POST", `/api/order/${orderId}/approve`);
    expect([approve.statusCode, approve.json().error.message]).toEqual([
      403,
      companyMessages.roleMayNot("approve"),
    ]);
    expect((await call(manager, "GET", "/api/receipts")).json()).toEqual([]);
    expect(
      (await call(manager, "GET", `/api/payment-history/${encodeURIComponent(manager.email)}`)).json(),
    ).toEqual([]);
    const receipts = (await call(bookkeeper, "GET", "/api/receipts")).json();
    expect(receipts).toHaveLength(1);
    expect((await call(bookkeeper, "GET", `/api/receipts/${receipts[0]._id}`)).statusCode).toBe(200);
    expect((await call(manager, "GET", `/api/receipts/${receipts[0]._id}`)).statusCode).toBe(404);
    const history = (
      await call(bookkeeper, "GET", `/api/payment-history/${encodeURIComponent(bookkeeper.email)}`)
    ).json();
    expect(history.map((payment: { orderId: string }) => payment.orderId)).toEqual([orderId]);

    // Another company's person: the order does not exist for them, nor in their list.
    expect((await call(outsider, "GET", `/api/order/${orderId}`)).statusCode).toBe(404);
    expect((await call(outsider, "GET", `/api/order/${orderId}/messages`)).statusCode).toBe(404);
    const theirs = (
      await call(outsider, "GET", `/api/order?email=${encodeURIComponent(outsider.email)}`)
    ).json();
    expect(theirs.map((order: { _id: string }) => order._id)).not.toContain(orderId);
  });

  it("an order the CEO placed is paid by the company's Billing person, not by a Member", async () => {
    const ceo = await createAccount(ctx);
    await placePaidOrder(ctx, ceo, plans.standardMonthly._id);
    const companyId = await companyOf(ceo);
    const manager = await colleague(companyId, "member", "Mo Member");
    const bookkeeper = await colleague(companyId, "billing", "Bill Billing");
    const unpaid: string = (await placeOrder(ctx, ceo, plans.premiumYearly._id)).json().insertedId;

    const refused = await openPayment(ctx, manager, unpaid);
    expect([refused.statusCode, refused.json().error.message]).toEqual([
      403,
      companyMessages.roleMayNot("pay"),
    ]);
    const paid = await payWithTestCard(ctx, bookkeeper, unpaid);
    expect(paid.statusCode, paid.body).toBe(200);
    const [row] = await ctx.db.select({ paid: orders.paid }).from(orders).where(eq(orders.id, unpaid));
    expect(row?.paid).toBe(true);
  });

  it("a member of the team is never one of a company's people", async () => {
    const ceo = await createAccount(ctx);
    await placePaidOrder(ctx, ceo, plans.standardMonthly._id);
    const staff = await createAccount(ctx, { role: "staff" });
    const companyId = await companyOf(ceo);
    await expect(
      ctx.db.transaction((tx) =>
        addPersonToCompany(tx, { companyId, userId: staff.id, companyRole: "member" }),
      ),
    ).rejects.toThrow(companyMessages.teamMemberIsNoClient);
  });

  it("the company's page lists its people; only its Admins give its details, which are checked and audited", async () => {
    const ceo = await createAccount(ctx, { name: "Cora Chief" });
    await placePaidOrder(ctx, ceo, plans.standardMonthly._id);
    const first = (await call(ceo, "GET", "/api/company")).json();
    expect(first).toMatchObject({
      name: "Cora Chief",
      billingEmail: ceo.email,
      detailsGiven: false,
      yourRole: "admin",
    });
    expect(first.people).toEqual([{ id: ceo.id, name: "Cora Chief", email: ceo.email, role: "admin" }]);
    const approver = await colleague(first.id, "approver", "Abe Approver");
    const page = (await call(approver, "GET", "/api/company")).json();
    expect(page.yourRole).toBe("approver");
    expect(page.people.map((person: { name: string; role: string }) => [person.name, person.role])).toEqual([
      ["Cora Chief", "admin"],
      ["Abe Approver", "approver"],
    ]);

    const details = {
      name: "Chief & Co",
      address: "1 Main St\nSpringfield",
      vatId: "DE123456789",
      billingEmail: "books@chief.example",
    };
    const refused = await ctx.app.inject({
      method: "PUT",
      url: "/api/company",
      headers: { cookie: approver.cookie },
      payload: details,
    });
    expect([refused.statusCode, refused.json().error.message]).toEqual([
      403,
      companyMessages.roleMayNot("people"),
    ]);
    const blank = await ctx.app.inject({
      method: "PUT",
      url: "/api/company",
      headers: { cookie: ceo.cookie },
      payload: { ...details, name: "  " },
    });
    expect([blank.statusCode, blank.json().error.fields]).toEqual([
      400,
      { name: "Please enter the company's name." },
    ]);
    expect((await call(ceo, "GET", "/api/company")).json()).toMatchObject({
      name: "Cora Chief",
      detailsGiven: false,
    });

    const saved = await ctx.app.inject({
      method: "PUT",
      url: "/api/company",
      headers: { cookie: ceo.cookie },
      payload: details,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call(approver, "GET", "/api/company")).json()).toMatchObject({
      ...details,
      detailsGiven: true,
    });
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, first.id));
    expect(entry).toMatchObject({ action: "company.details_changed", actorId: ceo.id });
    expect(entry?.after).toEqual(details);
  });

  it("someone in no company yet, or a member of the team, has no company page", async () => {
    const newcomer = await createAccount(ctx);
    const none = await call(newcomer, "GET", "/api/company");
    expect([none.statusCode, none.json().error.message]).toEqual([404, companyMessages.noCompany]);
    const staff = await createAccount(ctx, { role: "staff" });
    expect((await call(staff, "GET", "/api/company")).statusCode).toBe(404);
  });
});
