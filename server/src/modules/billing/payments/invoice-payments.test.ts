import {
  AdminSalesDetail,
  CustomerSalesDocument,
  InvoicePayments,
  type Payment,
  webhookEventTypes,
} from "@agency/contract";
import { count, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../../test/helpers.js";
import { outbox, runJobs } from "../../../../test/jobs.js";
import { placePaidOrder, planIds } from "../../../../test/orders.js";
import {
  customerCall,
  invoiceBody,
  salesCall,
  salesDetail,
  tokenOf,
  writeQuote,
} from "../../../../test/sales.js";
import { addWebhookEndpoint } from "../../../../test/webhook-endpoints.js";
import { auditLog, orders, payments, receipts, user, webhookEvents } from "../../../db/schema.js";
import { addPersonToCompany } from "../../companies/index.js";

// An invoice for work already done is settled by money the agency records (a bank transfer, in
// part then in full): no order opens, receipts are issued, and the company's paying people see it.

let ctx: TestContext;
let owner: TestAccount;
let client: TestAccount;
let member: TestAccount;
let outsider: TestAccount;
let orderId: string;
let companyId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const plans = await planIds(ctx);
  owner = await createAccount(ctx, { role: "owner" });
  client = await createAccount(ctx, { name: "Ada Admin" });
  orderId = await placePaidOrder(ctx, client, plans.standardMonthly._id);
  const [row] = await ctx.db.select({ companyId: user.companyId }).from(user).where(eq(user.id, client.id));
  companyId = row?.companyId ?? "";
  member = await createAccount(ctx, { name: "Mo Member" });
  await ctx.db.transaction((tx) =>
    addPersonToCompany(tx, { companyId, userId: member.id, companyRole: "member" }),
  );
  outsider = await createAccount(ctx, { name: "Olga Outsider" });
  await placePaidOrder(ctx, outsider, plans.standardMonthly._id);
  ctx.app.sessionCache.clear();
  await addWebhookEndpoint(ctx, owner, {
    url: "https://hooks.example.com/in",
    events: [...webhookEventTypes],
  });
  const saved = await ctx.app.inject({
    method: "PUT",
    url: "/api/admin/site/invoicing",
    headers: { cookie: owner.cookie },
    payload: {
      paymentTermsDays: 14,
      bank: { accountName: "Agency Ltd", iban: "DE89370400440532013000", bic: "COBADEFFXXX" },
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => ctx.close());

const orderCount = async () => (await ctx.db.select({ n: count() }).from(orders))[0]?.n ?? 0;
const record = (id: string, payload: object, as = owner) =>
  ctx.app.inject({
    method: "POST",
    url: `/api/admin/sales/${id}/payments`,
    headers: { cookie: as.cookie },
    payload,
  });
const historyOf = async (account: TestAccount) => {
  const response = await ctx.app.inject({
    method: "GET",
    url: `/api/payment-history/${encodeURIComponent(account.email)}`,
    headers: { cookie: account.cookie },
  });
  return response.statusCode === 200 ? (response.json() as Payment[]) : [];
};
const today = () => new Date().toISOString().slice(0, 10);

/** The client company's revenue as the Companies page shows it, in major units of its one currency. */
async function companyRevenue(): Promise<number> {
  const response = await ctx.app.inject({
    method: "GET",
    url: `/api/admin/companies/${companyId}`,
    headers: { cookie: owner.cookie },
  });
  const revenue = (response.json() as { revenue?: { amount: number }[] }).revenue ?? [];
  return revenue.reduce((sum, entry) => sum + entry.amount, 0);
}

async function sentInvoice(overrides: Parameters<typeof invoiceBody>[0] = {}) {
  const id = await writeQuote(ctx, owner, {
    send: true,
    // Unset, "starts work" is false for an invoice.
    body: invoiceBody({
      email: client.email,
      name: "Ada",
      forOrderId: orderId,
      startsWork: undefined,
      ...overrides,
    }),
  });
  return id;
}

describe("an invoice for work already done", () => {
  it("names its order, starts no work and prints its terms and the bank account", async () => {
    const id = await sentInvoice();
    const detail = await salesDetail(ctx, owner, id);
    expect(detail.forOrderId).toBe(orderId);
    expect(detail.forOrderNumber).toEqual(expect.any(Number));
    expect(detail.startsWork).toBe(false);
    const token = await tokenOf(ctx, owner, id);
    const page = CustomerSalesDocument.parse((await customerCall(ctx, client, "GET", token)).json());
    expect(page.terms?.dueInDays).toBe(10);
    expect(page.terms?.bank?.iban).toBe("DE89370400440532013000");
    expect(page.terms?.reference).toBe(detail.number);
    // Paid by transfer or by card on its page: the Pay button's new order is not for it.
    expect(page.canPay).toBe(true);
    expect((await customerCall(ctx, client, "POST", `${token}/pay`)).statusCode).toBe(409);
  });

  it("refuses an order of another company", async () => {
    const [other] = await ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, outsider.id));
    const response = await salesCall(
      ctx,
      owner,
      "POST",
      "",
      invoiceBody({ email: client.email, forOrderId: other?.id }),
    );
    expect(response.statusCode).toBe(400);
  });

  it("is settled by a recorded transfer in part, then in full: receipts, webhook, audit, and no order", async () => {
    const id = await sentInvoice();
    const before = await orderCount();
    const revenueBefore = await companyRevenue();
    const part = await record(id, {
      date: today(),
      amount: 500,
      method: "bank_transfer",
      reference: "ACME 4411",
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(InvoicePayments.parse(part.json())).toMatchObject({ amountPaid: 500, amountDue: 700 });
    let detail = AdminSalesDetail.parse((await salesCall(ctx, owner, "GET", `/${id}`)).json());
    expect(detail.state).toBe("sent");
    expect(detail.amountDue).toBe(700);

    expect((await record(id, { date: today(), amount: 701, method: "bank_transfer" })).statusCode).toBe(400);
    const rest = await record(id, { date: today(), amount: 700, method: "cash" });
    expect(rest.statusCode, rest.body).toBe(200);
    detail = await salesDetail(ctx, owner, id);
    expect(detail.state).toBe("paid");
    expect(detail.amountDue).toBe(0);
    expect(await orderCount()).toBe(before);
    expect((await record(id, { date: today(), amount: 1, method: "cash" })).statusCode).toBe(409);

    const listed = InvoicePayments.parse(rest.json()).payments;
    expect(listed.map((payment) => payment.method)).toEqual(["bank_transfer", "cash"]);
    const issued = await ctx.db.select().from(receipts).where(isNull(receipts.orderId));
    const ofThis = issued.filter((receipt) => receipt.documentNumber === detail.number);
    expect(ofThis.map((receipt) => receipt.amountCents).sort()).toEqual([50_000, 70_000]);
    expect(ofThis.every((receipt) => receipt.number.startsWith("R-"))).toBe(true);

    const events = await ctx.db.select({ type: webhookEvents.type }).from(webhookEvents);
    expect(events.filter((event) => event.type === "payment.recorded")).toHaveLength(2);
    expect(events.some((event) => event.type === "invoice.paid")).toBe(true);
    const audited = await ctx.db.select({ action: auditLog.action }).from(auditLog);
    expect(audited.filter((entry) => entry.action === "payment.recorded")).toHaveLength(2);

    // The payer gets a receipt mail for each, saying what is still due.
    await runJobs(ctx);
    const mailed = (await outbox(ctx)).filter(
      (mail) => mail.to === client.email && mail.subject.endsWith(`for invoice ${detail.number}`),
    );
    expect(mailed).toHaveLength(2);
    expect(mailed.map((mail) => mail.text).join("\n")).toContain("is still due");

    // The company's revenue on the Companies page counts them.
    expect(await companyRevenue()).toBeCloseTo(revenueBefore + 1200, 2);

    // The payments export lists them, named by the invoice, with the transfer's reference.
    const csv = await ctx.app.inject({
      method: "GET",
      url: "/api/admin/payments.csv",
      headers: { cookie: owner.cookie },
    });
    expect(csv.statusCode).toBe(200);
    const rows = csv.body.split("\n").filter((line) => line.includes(detail.number ?? "?"));
    expect(rows).toHaveLength(2);
    expect(rows.some((line) => line.includes("recorded (bank_transfer)") && line.includes("ACME 4411"))).toBe(
      true,
    );
    expect(rows.some((line) => line.includes("500.00"))).toBe(true);

    const seen = await historyOf(client);
    expect(seen.filter((payment) => payment.invoiceNumber === detail.number)).toHaveLength(2);
    expect(await historyOf(member)).toEqual([]);
    expect((await historyOf(outsider)).some((payment) => payment.invoiceNumber === detail.number)).toBe(
      false,
    );
  });

  it("records a refund of a recorded payment with its credit note", async () => {
    const id = await sentInvoice();
    const paid = InvoicePayments.parse(
      (await record(id, { date: today(), amount: 1200, method: "bank_transfer" })).json(),
    );
    const paymentId = paid.payments[0]?._id ?? "";
    const refund = await ctx.app.inject({
      method: "POST",
      url: `/api/admin/sales/${id}/payments/${paymentId}/refund`,
      headers: { cookie: owner.cookie },
      payload: { date: today(), amount: 200, reason: "Fewer pages than billed" },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const after = InvoicePayments.parse(refund.json());
    expect(after.amountPaid).toBe(1000);
    expect(after.payments.find((payment) => payment._id === paymentId)?.refundable).toBe(1000);
    const [negative] = await ctx.db.select().from(payments).where(eq(payments.refundOf, paymentId));
    expect(negative?.amountCents).toBe(-20_000);
    const [note] = await ctx.db
      .select()
      .from(receipts)
      .where(eq(receipts.paymentId, negative?.id ?? ""));
    expect(note?.refundReason).toBe("Fewer pages than billed");
    const audited = await ctx.db.select({ action: auditLog.action }).from(auditLog);
    expect(audited.some((entry) => entry.action === "payment.refund_recorded")).toBe(true);
  });

  it("is recorded only by the agency", async () => {
    const id = await sentInvoice();
    expect((await record(id, { date: today(), amount: 10, method: "cash" }, client)).statusCode).toBe(403);
    const list = await ctx.app.inject({
      method: "GET",
      url: `/api/admin/sales/${id}/payments`,
      headers: { cookie: client.cookie },
    });
    expect(list.statusCode).toBe(403);
  });
});
