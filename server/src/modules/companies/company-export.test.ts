import { type ClientRole, CompanyExport, companyMessages } from "@agency/contract";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { colleagueIn, companyOf as companyOfAccount } from "../../../test/companies.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { placePaidOrder, planIds } from "../../../test/orders.js";
import { quoteBody, writeQuote } from "../../../test/sales.js";
import { auditLog, orders } from "../../db/schema.js";

let ctx: TestContext;
let plans: Awaited<ReturnType<typeof planIds>>;
let agency: TestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  plans = await planIds(ctx);
  agency = await createAccount(ctx, { admin: true, name: "Ada Agency" });
});
afterAll(() => ctx.close());

const call = (account: TestAccount, method: "GET" | "POST", url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie: account.cookie }, payload });

const companyOf = (account: TestAccount) => companyOfAccount(ctx, account);
const colleague = (companyId: string, role: ClientRole, name: string) =>
  colleagueIn(ctx, companyId, role, name);

async function exportOf(account: TestAccount): Promise<CompanyExport> {
  const response = await call(account, "GET", "/api/company/export");
  expect(response.statusCode, response.body).toBe(200);
  return CompanyExport.parse(response.json());
}

async function post(account: TestAccount, url: string, payload: object) {
  const response = await call(account, "POST", url, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("a company's data export", () => {
  it("holds the orders of every colleague with their messages, payments, receipts and credit notes, and nothing of another company", async () => {
    const ceo = await createAccount(ctx, { name: "Cleo CEO" });
    const ceoOrder = await placePaidOrder(ctx, ceo, plans.standardMonthly._id);
    const companyId = await companyOf(ceo);
    const manager = await colleague(companyId, "member", "Max Manager");
    const bookkeeper = await colleague(companyId, "billing", "Bea Books");
    const bookkeeperOrder = await placePaidOrder(ctx, bookkeeper, plans.premiumYearly._id);
    await post(manager, `/api/order/${ceoOrder}/messages`, { body: "Our brand colours, from Max." });
    await post(agency, `/api/order/${ceoOrder}/messages`, { body: "Thanks, the agency's answer." });
    await post(agency, `/api/order/${ceoOrder}/messages`, { body: "Internal: slow payer", internal: true });
    const [payment] = (await call(agency, "GET", `/api/admin/orders/${bookkeeperOrder}`)).json().payments;
    await post(agency, `/api/admin/orders/${bookkeeperOrder}/refunds`, {
      paymentId: payment._id,
      amount: 10,
      reason: "Late delivery",
    });

    const toCompany = (note: string) => quoteBody({ email: bookkeeper.email, name: bookkeeper.name, note });
    await writeQuote(ctx, agency, { send: true, body: toCompany("A quote for the company") });
    await writeQuote(ctx, agency, { body: toCompany("A draft the agency keeps") });

    const outsider = await createAccount(ctx, { name: "Otto Outsider" });
    const outsiderOrder = await placePaidOrder(ctx, outsider, plans.standardMonthly._id);
    await post(outsider, `/api/order/${outsiderOrder}/messages`, { body: "Otto's own message" });
    await writeQuote(ctx, agency, {
      send: true,
      body: quoteBody({ email: outsider.email, name: outsider.name, note: "Otto's quote" }),
    });

    const response = await call(ceo, "GET", "/api/company/export");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toContain("application/json");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="company-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    const data = CompanyExport.parse(response.json());

    expect(data.company.id).toBe(companyId);
    expect(data.people.map((person) => [person.name, person.email, person.role]).sort()).toEqual(
      [
        [ceo.name, ceo.email, "admin"],
        [manager.name, manager.email, "member"],
        [bookkeeper.name, bookkeeper.email, "billing"],
      ].sort(),
    );
    expect(data.orders.map((order) => order._id)).toEqual([ceoOrder, bookkeeperOrder]);
    const [first, second] = data.orders;
    expect(first?.lines.length).toBeGreaterThan(0);
    expect(first?.history.length).toBeGreaterThan(0);
    expect(first?.messages.map((message) => [message.author, message.body])).toEqual([
      ["Max Manager", "Our brand colours, from Max."],
      ["Ada Agency", "Thanks, the agency's answer."],
    ]);
    expect(second?.email).toBe(bookkeeper.email);

    expect(data.payments.map((row) => [row.orderId, row.amount > 0])).toEqual([
      [ceoOrder, true],
      [bookkeeperOrder, true],
      [bookkeeperOrder, false],
    ]);
    expect(data.receipts.map((receipt) => receipt.customerEmail)).toEqual([ceo.email, bookkeeper.email]);
    expect(data.creditNotes).toEqual([
      expect.objectContaining({ amount: -10, reason: "Late delivery", customerEmail: bookkeeper.email }),
    ]);
    expect(data.subscriptions.map((row) => row.orderId).sort()).toEqual([ceoOrder, bookkeeperOrder].sort());

    expect(data.salesDocuments.map((row) => [row.kind, row.note, row.state])).toEqual([
      ["quote", "A quote for the company", "sent"],
    ]);

    // The internal note, the agency's draft and everything of the other company stay out.
    for (const word of ["slow payer", "A draft the agency keeps"]) expect(response.body).not.toContain(word);
    for (const word of [outsider.email, outsiderOrder, "Otto"]) expect(response.body).not.toContain(word);

    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "company.exported"), eq(auditLog.subjectId, companyId)));
    expect(entry).toMatchObject({ actorId: ceo.id, after: { format: "json", people: 3, orders: 2 } });
  });

  it("is refused to the company's people who are not its Admins (403), and does not exist for the team or someone in no company (404)", async () => {
    const ceo = await createAccount(ctx, { name: "Carla CEO" });
    await placePaidOrder(ctx, ceo, plans.standardMonthly._id);
    const companyId = await companyOf(ceo);
    for (const role of ["member", "approver", "billing"] as const) {
      const person = await colleague(companyId, role, `Pat ${role}`);
      const refused = await call(person, "GET", "/api/company/export");
      expect([refused.statusCode, refused.json().error.message]).toEqual([
        403,
        companyMessages.roleMayNot("people"),
      ]);
    }
    const newcomer = await createAccount(ctx);
    for (const nobody of [agency, newcomer]) {
      const none = await call(nobody, "GET", "/api/company/export");
      expect([none.statusCode, none.json().error.message]).toEqual([404, companyMessages.noCompany]);
    }
    expect((await ctx.app.inject({ method: "GET", url: "/api/company/export" })).statusCode).toBe(401);
  });

  it("reads a company of many orders a batch at a time, each order once, in the order they were placed", async () => {
    const ceo = await createAccount(ctx, { name: "Bruno Bulk" });
    const firstOrder = await placePaidOrder(ctx, ceo, plans.standardMonthly._id);
    const companyId = await companyOf(ceo);
    // More than two batches, all placed in the same microsecond: the order's id breaks the tie.
    const placed = await ctx.db
      .insert(orders)
      .values(
        Array.from({ length: 450 }, (_, index) => ({
          userId: ceo.id,
          companyId,
          email: ceo.email,
          name: ceo.name,
          phone: "",
          service: `Bulk work ${index}`,
          serviceDuration: "once",
          priceCents: 1000,
          createdAt: sql`'2030-01-01 00:00:00.123456+00'::timestamptz`,
        })),
      )
      .returning({ id: orders.id });
    const data = await exportOf(ceo);
    const later = placed.map((row) => row.id).sort();
    expect(data.orders.map((order) => order._id)).toEqual([firstOrder, ...later]);
  });
});
