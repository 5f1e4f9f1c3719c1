import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { outbox, runJobs } from "../../../test/jobs.js";
import { payWithTestCard } from "../../../test/orders.js";
import {
  customerCall,
  dayFromNow,
  invoiceBody,
  salesCall,
  salesDetail,
  tokenOf,
  writeQuote,
} from "../../../test/sales.js";
import { myOrder, runJobsAt } from "../../../test/subscriptions.js";
import { auditLog } from "../../db/schema.js";
import { type DomainEvents, onDomainEvent } from "../../events.js";

let ctx: TestContext;
let stopListening = () => {};
let owner: TestAccount;
const paidInvoices: DomainEvents["invoice.paid"][] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { role: "owner" });
  stopListening = onDomainEvent("invoice.paid", async (_tx, event) => {
    paidInvoices.push(event);
  });
});
afterAll(async () => {
  stopListening();
  await ctx.close();
});

const at = (day: string, hour: string) => `${day}T${hour}:00:00Z`;
const remindersTo = async (email: string) =>
  (await outbox(ctx)).filter((mail) => mail.to === email && mail.subject.startsWith("Reminder:"));

describe("an invoice", () => {
  it("is reminded 3 days before its due day, on the day and 3 days after, once each, then paid", async () => {
    const email = `invoice-client-${Date.now()}@example.com`;
    const customer = await createAccount(ctx, { email });
    const dueDate = dayFromNow(10, ctx.clock.now());
    const id = await writeQuote(ctx, owner, { body: invoiceBody({ email, dueDate }), send: true });
    const sent = await salesDetail(ctx, owner, id);
    const year = ctx.clock.now().getUTCFullYear();
    expect(sent).toMatchObject({ kind: "invoice", state: "sent", number: `INV-${year}-0001` });
    const token = await tokenOf(ctx, owner, id);
    await runJobs(ctx);
    const first = (await outbox(ctx)).find((mail) => mail.to === email && mail.subject.startsWith("Invoice"));
    expect(first?.subject).toContain(`Invoice INV-${year}-0001`);
    expect(first?.link).toBe(`${ctx.config.publicUrl}/invoices/${token}`);
    expect(await remindersTo(email)).toEqual([]);

    // Three days before: the first reminder, and only once however often the due work runs.
    const before = dayFromNow(-3, new Date(`${dueDate}T12:00:00Z`));
    await runJobsAt(ctx, at(before, "09"));
    await runJobsAt(ctx, at(before, "10"));
    expect((await remindersTo(email)).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Reminder: invoice INV-\d{4}-0001 is due on /),
    ]);

    // On the day: still payable, not overdue yet.
    await runJobsAt(ctx, at(dueDate, "09"));
    expect((await remindersTo(email)).at(-1)?.subject).toContain("is due today");
    const today = await customerCall(ctx, customer, "GET", token);
    expect(today.json()).toMatchObject({ state: "viewed", canPay: true, canAccept: false });

    // The day after it is overdue; three days after, the last reminder.
    const after = dayFromNow(3, new Date(`${dueDate}T12:00:00Z`));
    await runJobsAt(ctx, at(after, "09"));
    expect((await remindersTo(email)).map((mail) => mail.subject.split(" ").slice(-2).join(" "))).toEqual([
      expect.any(String),
      "due today",
      "is overdue",
    ]);
    expect((await salesDetail(ctx, owner, id)).state).toBe("overdue");
    const history = (await salesDetail(ctx, owner, id)).history.filter((entry) => entry.kind === "reminded");
    expect(history.map((entry) => entry.note)).toEqual(["before", "due", "after"]);

    // An overdue invoice is paid straight away, without acceptance; it becomes a paid order.
    const pay = await customerCall(ctx, customer, "POST", `${token}/pay`);
    expect(pay.statusCode, pay.body).toBe(200);
    const { orderId } = pay.json() as { orderId: string };
    expect((await payWithTestCard(ctx, customer, orderId)).statusCode).toBe(200);
    expect(await myOrder(ctx, customer, orderId)).toMatchObject({
      paid: true,
      state: "submitted",
      serviceDuration: "one-time",
      subscription: null,
    });
    expect((await salesDetail(ctx, owner, id)).state).toBe("paid");
    expect(paidInvoices.map((event) => [event.invoice.id, event.orderId, event.invoice.totalCents])).toEqual([
      [id, orderId, 120_000],
    ]);
    const audit = await ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.subjectId, id));
    expect(audit.map((entry) => entry.action)).toEqual(["invoice.sent", "invoice.paid"]);
  });

  it("is reminded when the dashboard's test tools move the clock and run the due work", async () => {
    const email = `invoice-tools-${Date.now()}@example.com`;
    const dueDate = dayFromNow(5, ctx.clock.now());
    await writeQuote(ctx, owner, { body: invoiceBody({ email, dueDate }), send: true });
    const run = await ctx.app.inject({
      method: "POST",
      url: "/api/admin/test-tools/run-due",
      headers: { cookie: owner.cookie },
      payload: { advanceDays: 3 },
    });
    expect(run.statusCode, run.body).toBe(200);
    expect((await remindersTo(email)).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/is due on /),
    ]);
  });

  it("sends no reminder once it is paid, or voided", async () => {
    const paidEmail = `invoice-paid-${Date.now()}@example.com`;
    const voidEmail = `invoice-void-${Date.now()}@example.com`;
    const customer = await createAccount(ctx, { email: paidEmail });
    const dueDate = dayFromNow(7, ctx.clock.now());
    const paidId = await writeQuote(ctx, owner, {
      body: invoiceBody({ email: paidEmail, dueDate }),
      send: true,
    });
    const voidId = await writeQuote(ctx, owner, {
      body: invoiceBody({ email: voidEmail, dueDate }),
      send: true,
    });
    const token = await tokenOf(ctx, owner, paidId);
    const { orderId } = (await customerCall(ctx, customer, "POST", `${token}/pay`)).json() as {
      orderId: string;
    };
    expect((await payWithTestCard(ctx, customer, orderId)).statusCode).toBe(200);
    expect((await salesCall(ctx, owner, "POST", `/${voidId}/void`)).json()).toMatchObject({ state: "void" });
    await runJobsAt(ctx, dayFromNow(4, new Date(`${dueDate}T12:00:00Z`)));
    expect(await remindersTo(paidEmail)).toEqual([]);
    expect(await remindersTo(voidEmail)).toEqual([]);
    // A paid invoice cannot be voided.
    expect((await salesCall(ctx, owner, "POST", `/${paidId}/void`)).statusCode).toBe(409);
  });
});
