import { desc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { placeOrder, placePaidOrder, planIds } from "../../../test/orders.js";
import { newestFirstBatches } from "../../db/keyset.js";
import { auditLog, leads } from "../../db/schema.js";

let ctx: TestContext;
let admin: TestAccount;
let payer: TestAccount;
let browser: TestAccount;
let paidOrderId: string;

/** The file's lines split into cells (the test data has no quoted line breaks). */
function parseCsv(text: string): string[][] {
  expect(text.endsWith("\r\n")).toBe(true);
  return text
    .slice(0, -2)
    .split("\r\n")
    .map((line) => line.match(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)?.map((cell) => cell.replace(/,$/, "")) ?? [])
    .map((cells) => cells.slice(0, cells.length - (cells.at(-1) === "" ? 1 : 0)));
}

async function download(url: string, cookie = admin.cookie) {
  const response = await ctx.app.inject({ method: "GET", url, headers: { cookie } });
  return { response, rows: response.statusCode === 200 ? parseCsv(response.body) : [] };
}

/** Each data row as an object keyed by the header's names. */
function records(rows: string[][]): Record<string, string>[] {
  const [header = [], ...data] = rows;
  return data.map((cells) => Object.fromEntries(header.map((name, index) => [name, cells[index] ?? ""])));
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, { admin: true, email: "owner@example.com" });
  payer = await createAccount(ctx, { name: "=SUM(A1:A9)", email: "payer@example.com" });
  browser = await createAccount(ctx, { name: "Bea Browser", email: "bea@example.com" });
  const plans = await planIds(ctx);
  paidOrderId = await placePaidOrder(ctx, payer, plans.standardMonthly._id);
  expect((await placeOrder(ctx, browser, plans.premiumYearly._id)).json()).toMatchObject({ success: true });
});
afterAll(() => ctx.close());

describe("admin exports", () => {
  it("exports every order newest first, with the All Orders filters, formulas defused", async () => {
    const { response, rows } = await download("/api/admin/orders.csv");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="orders-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const orders = records(rows);
    expect(orders.map((order) => [order.email, order.plan, order.billing, order.paid, order.state])).toEqual([
      ["bea@example.com", "Premium", "yearly", "false", "unpaid"],
      ["payer@example.com", "Standard", "monthly", "true", "submitted"],
    ]);
    // A name that a spreadsheet would run as a formula is written as text.
    expect(orders[1]?.customer).toBe("'=SUM(A1:A9)");
    expect(orders[1]?.price).toMatch(/^\d+\.\d\d$/);
    expect(orders[1]?.number).toMatch(/^\d+$/);

    const unpaid = records((await download("/api/admin/orders.csv?state=unpaid")).rows);
    expect(unpaid.map((order) => order.email)).toEqual(["bea@example.com"]);
    // The audit log keeps who took which export, with its filters.
    const [entry] = await ctx.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({
      action: "export.orders",
      actorId: admin.id,
      actorLabel: "owner@example.com",
      after: { filters: { state: "unpaid" } },
    });
    const searched = records((await download("/api/admin/orders.csv?search=payer%40")).rows);
    expect(searched.map((order) => order.email)).toEqual(["payer@example.com"]);
    const none = (await download("/api/admin/orders.csv?from=2000-01-01&to=2000-01-31")).rows;
    expect(none).toHaveLength(1);
    expect(none[0]?.[0]).toBe("number");
  });

  it("exports the accounts with their orders and the money they paid, by role", async () => {
    const everyone = records((await download("/api/admin/users.csv")).rows);
    expect(everyone.map((account) => account.email)).toEqual([
      "bea@example.com",
      "payer@example.com",
      "owner@example.com",
    ]);
    const payments = records((await download("/api/admin/payments.csv")).rows);
    expect(everyone[1]).toMatchObject({
      name: "'=SUM(A1:A9)",
      role: "customer",
      emailVerified: "true",
      orders: "1",
      paidOrders: "1",
      totalPaid: payments[0]?.amount,
    });
    expect(everyone[0]).toMatchObject({ orders: "1", paidOrders: "0", totalPaid: "0.00" });
    const customers = records((await download("/api/admin/users.csv?role=customer")).rows);
    expect(customers.map((account) => account.email)).toEqual(["bea@example.com", "payer@example.com"]);
    const admins = records((await download("/api/admin/users.csv?role=admin&q=owner")).rows);
    expect(admins.map((account) => account.email)).toEqual(["owner@example.com"]);
  });

  it("exports each payment with its order and receipt", async () => {
    const payments = records((await download("/api/admin/payments.csv")).rows);
    expect(payments).toHaveLength(1);
    const exportsTaken = await ctx.db.select({ action: auditLog.action }).from(auditLog);
    expect(exportsTaken.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["export.orders", "export.customers", "export.payments"]),
    );
    expect(payments[0]).toMatchObject({
      kind: "payment",
      email: "payer@example.com",
      plan: "Standard",
      provider: "test",
    });
    expect(payments[0]?.receipt).toMatch(/^R-\d{4}-\d{5}$/);
    expect(payments[0]?.card).toMatch(/ 4242$/);
    expect(Number(payments[0]?.amount)).toBeGreaterThan(0);
    const order = records((await download("/api/admin/orders.csv?state=submitted")).rows)[0];
    expect(payments[0]?.order).toBe(order?.number);
    expect(records((await download("/api/admin/payments.csv?q=bea")).rows)).toEqual([]);
    expect(paidOrderId).toBeTruthy();
  });

  it("writes a refund as a negative number and still defuses text that starts like a formula", async () => {
    const refunded = await createAccount(ctx, { name: "-2+3+cmd", email: "refunded@example.com" });
    const orderId = await placePaidOrder(ctx, refunded, (await planIds(ctx)).standardMonthly._id);
    const cancel = await ctx.app.inject({
      method: "POST",
      url: `/api/admin/orders/${orderId}/cancel`,
      headers: { cookie: admin.cookie },
      payload: { refund: true, note: "Changed their mind" },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const payments = records((await download("/api/admin/payments.csv?q=refunded%40")).rows);
    const paid = payments.find((row) => row.kind === "payment");
    const refund = payments.find((row) => row.kind === "refund");
    expect(paid?.amount).toMatch(/^\d+\.\d\d$/);
    // The refund is a number a spreadsheet adds up, not the text "'-79.00".
    expect(refund?.amount).toBe(`-${paid?.amount}`);
    expect(Number(paid?.amount) + Number(refund?.amount)).toBe(0);
    expect(refund?.tax).toMatch(/^-?\d+\.\d\d$/);

    const customers = records((await download("/api/admin/users.csv?q=refunded")).rows);
    expect(customers[0]).toMatchObject({ name: "'-2+3+cmd", totalPaid: "0.00" });

    await ctx.db.insert(leads).values([
      {
        kind: "contact",
        name: '=HYPERLINK("http://x.example")',
        email: "formula@example.com",
        message: "-1+1",
      },
      { kind: "contact", name: "@SUM(A1)", email: "at@example.com", message: "\tTabbed" },
    ]);
    const leadRows = records((await download("/api/admin/leads.csv?kind=contact")).rows);
    expect(leadRows.find((lead) => lead.email === "formula@example.com")).toMatchObject({
      name: '"\'=HYPERLINK(""http://x.example"")"',
      message: "'-1+1",
    });
    expect(leadRows.find((lead) => lead.email === "at@example.com")).toMatchObject({
      name: "'@SUM(A1)",
      message: "'\tTabbed",
    });
  });

  it("refuses customers, visitors and malformed filters", async () => {
    for (const path of ["orders", "users", "payments"]) {
      const url = `/api/admin/${path}.csv`;
      expect((await ctx.app.inject({ method: "GET", url })).statusCode).toBe(401);
      expect((await download(url, payer.cookie)).response.statusCode).toBe(403);
      const backwards = await download(`${url}?from=2026-02-10&to=2026-02-01`);
      expect(backwards.response.statusCode).toBe(400);
      expect((await download(`${url}?from=2026-02-30`)).response.statusCode).toBe(400);
    }
    expect((await download("/api/admin/orders.csv?state=shipped")).response.statusCode).toBe(400);
    expect((await download("/api/admin/users.csv?role=owner")).response.statusCode).toBe(400);
  });

  it("walks a table in batches without repeating or skipping rows that share a time", async () => {
    const at = new Date("2026-03-01T10:00:00.123Z");
    await ctx.db.insert(leads).values(
      Array.from({ length: 7 }, (_, index) => ({
        kind: "contact" as const,
        email: `batch-${index}@example.com`,
        message: "hello",
        // Five rows at the very same microsecond: only the id orders them.
        createdAt: index < 5 ? at : new Date(at.getTime() + index * 1000),
      })),
    );
    const seen: string[] = [];
    const sizes: number[] = [];
    for await (const batch of newestFirstBatches(
      leads,
      (plan) =>
        ctx.db
          .select({ row: { email: leads.email }, cursor: plan.cursor })
          .from(leads)
          .where(plan.where)
          .orderBy(...plan.orderBy)
          .limit(plan.limit),
      sql`${leads.email} like 'batch-%'`,
      2,
    )) {
      sizes.push(batch.length);
      seen.push(...batch.map((row) => row.email));
    }
    expect(sizes).toEqual([2, 2, 2, 1]);
    expect(new Set(seen).size).toBe(7);
    expect(seen.slice(0, 2)).toEqual(["batch-6@example.com", "batch-5@example.com"]);
  });
});
