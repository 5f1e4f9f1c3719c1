import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { OrderSeenInFull, placePaidOrder, planIds } from "../../../test/orders.js";
import { invoiceBody, writeQuote } from "../../../test/sales.js";
import { auditLog, receipts } from "../../db/schema.js";
import { quickBooksColumns, xeroColumns } from "./accounting.js";

let ctx: TestContext;
let admin: TestAccount;
let noMoney: TestAccount;
let month: string;
let paidCents: number[];

/** The file's lines split into cells (the test data has no quoted line breaks). */
function records(text: string): Record<string, string>[] {
  const [header = [], ...data] = text
    .slice(0, -2)
    .split("\r\n")
    .map((line) => line.match(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)?.map((cell) => cell.replace(/,$/, "")) ?? []);
  return data.map((cells) => Object.fromEntries(header.map((name, index) => [name, cells[index] ?? ""])));
}

const download = (query: string, cookie = admin.cookie) =>
  ctx.app.inject({ method: "GET", url: `/api/admin/exports/accounting?${query}`, headers: { cookie } });

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, { admin: true });
  noMoney = await createAccount(ctx, { role: "staff" });
  const plans = await planIds(ctx);
  const customers = [await createAccount(ctx), await createAccount(ctx)];
  const orderIds = [
    await placePaidOrder(ctx, customers[0] as TestAccount, plans.standardMonthly._id),
    await placePaidOrder(ctx, customers[1] as TestAccount, plans.premiumYearly._id),
  ];
  // A partial refund of the first payment: its credit note is negative.
  const first = OrderSeenInFull.parse(
    (
      await ctx.app.inject({
        method: "GET",
        url: `/api/admin/orders/${orderIds[0]}`,
        headers: { cookie: admin.cookie },
      })
    ).json(),
  );
  const refund = await ctx.app.inject({
    method: "POST",
    url: `/api/admin/orders/${orderIds[0]}/refunds`,
    headers: { cookie: admin.cookie },
    payload: { paymentId: first.payments[0]?._id, amount: 5.25, reason: "Late delivery" },
  });
  expect(refund.statusCode, refund.body).toBe(200);
  // An invoice for more work on the second order, settled by a bank transfer the agency records.
  const invoiceId = await writeQuote(ctx, admin, {
    send: true,
    body: invoiceBody({
      email: (customers[1] as TestAccount).email,
      forOrderId: orderIds[1],
      startsWork: false,
      lines: [{ description: "Extra report", quantity: 1, unitPrice: 100, recurring: null }],
    }),
  });
  const recorded = await ctx.app.inject({
    method: "POST",
    url: `/api/admin/sales/${invoiceId}/payments`,
    headers: { cookie: admin.cookie },
    payload: {
      date: new Date().toISOString().slice(0, 10),
      amount: 100,
      method: "bank_transfer",
      reference: "BACS 12",
    },
  });
  expect(recorded.statusCode, recorded.body).toBe(200);
  const issued = await ctx.db.select().from(receipts);
  const at = issued[0]?.issuedAt ?? new Date();
  month = `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, "0")}`;
  paidCents = issued.map((row) => row.amountCents);
});
afterAll(() => ctx.close());

const sum = (values: string[]) => Math.round(values.reduce((total, value) => total + Number(value) * 100, 0));

describe("the accounting export", () => {
  it("writes the month's receipts and credit notes in Xero's sales invoice import layout", async () => {
    const response = await download(`month=${month}&format=xero`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toContain(`accounting-xero-${month}`);
    expect(response.body.split("\r\n")[0]).toBe(xeroColumns.join(","));
    expect(xeroColumns).toEqual(
      expect.arrayContaining([
        "*ContactName",
        "EmailAddress",
        "*InvoiceNumber",
        "*InvoiceDate",
        "*DueDate",
        "*Description",
        "*Quantity",
        "*UnitAmount",
        "*AccountCode",
        "*TaxType",
        "Currency",
      ]),
    );
    const rows = records(response.body);
    expect(rows).toHaveLength(4);
    // The recorded transfer is a receipt of the invoice it pays towards.
    expect(
      rows.find((row) => row["*Description"]?.startsWith("Payment towards invoice INV-"))?.["*UnitAmount"],
    ).toBe("100.00");
    expect(sum(rows.map((row) => row["*UnitAmount"] ?? ""))).toBe(paidCents.reduce((a, b) => a + b, 0));
    const note = rows.find((row) => row["*InvoiceNumber"]?.startsWith("CN-"));
    expect(note?.["*UnitAmount"]).toBe("-5.25");
    expect(note?.["*Description"]).toMatch(/Credits receipt R-\d{4}-\d{5}; Reason: Late delivery/);
    expect(rows.map((row) => row.Currency)).toEqual(["USD", "USD", "USD", "USD"]);
    expect(rows.every((row) => /^\d\d\/\d\d\/\d{4}$/.test(row["*InvoiceDate"] ?? ""))).toBe(true);
  });

  it("writes the same documents in QuickBooks Online's invoice import columns, and nothing for another month", async () => {
    const response = await download(`month=${month}&format=quickbooks`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body.split("\r\n")[0]).toBe(quickBooksColumns.join(","));
    const rows = records(response.body);
    expect(rows.map((row) => row["Invoice number"]?.slice(0, 2)).sort()).toEqual(["CN", "R-", "R-", "R-"]);
    expect(sum(rows.map((row) => row["Item Amount"] ?? ""))).toBe(paidCents.reduce((a, b) => a + b, 0));

    const empty = await download("month=2001-01&format=quickbooks");
    expect(empty.body).toBe(`${quickBooksColumns.join(",")}\r\n`);
  });

  it("is for members who see money, refuses a bad month, and is audited", async () => {
    expect((await download(`month=${month}&format=xero`, noMoney.cookie)).statusCode).toBe(403);
    expect((await download("month=2026-13&format=xero")).statusCode).toBe(400);
    expect((await download(`month=${month}&format=sage`)).statusCode).toBe(400);
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "accounting.exported"), eq(auditLog.actorId, admin.id)));
    expect(entries.map((entry) => entry.after)).toEqual(
      expect.arrayContaining([
        { month, format: "xero" },
        { month, format: "quickbooks" },
      ]),
    );
  });
});
