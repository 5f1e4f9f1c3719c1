import { AdminSalesList, CustomerSalesDocument, SalesInvitation } from "@agency/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { outbox, runJobs } from "../../../test/jobs.js";
import { payWithTestCard } from "../../../test/orders.js";
import {
  customerCall,
  dayFromNow,
  quoteBody,
  salesCall,
  salesDetail,
  signed,
  tokenOf,
  writeQuote,
} from "../../../test/sales.js";
import { myOrder, runJobsAt } from "../../../test/subscriptions.js";
import { auditLog, salesDocuments } from "../../db/schema.js";
import { type DomainEvents, onDomainEvent } from "../../events.js";

let ctx: TestContext;
let stopListening = () => {};
let owner: TestAccount;
let counter = 0;
const acceptedQuotes: DomainEvents["quote.accepted"][] = [];
const newAddress = () => `quote-client-${++counter}-${Date.now()}@example.com`;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { role: "owner" });
  stopListening = onDomainEvent("quote.accepted", async (_tx, event) => {
    acceptedQuotes.push(event);
  });
});
afterAll(async () => {
  stopListening();
  await ctx.close();
});

const view = async (account: TestAccount, token: string) => {
  const response = await customerCall(ctx, account, "GET", token);
  expect(response.statusCode, response.body).toBe(200);
  return CustomerSalesDocument.parse(response.json());
};

describe("a quote's life", () => {
  it("goes from draft to sent, viewed, accepted and paid, and becomes an order with its subscription", async () => {
    const email = newAddress();
    const id = await writeQuote(ctx, owner, { body: quoteBody({ email, name: "Ada" }) });
    const draft = await salesDetail(ctx, owner, id);
    expect(draft).toMatchObject({
      state: "draft",
      number: null,
      label: "Draft quote",
      link: null,
      total: 1200,
    });
    expect(draft.hasAccount).toBe(false);

    // A draft changes as a whole: a retainer is added, and the totals are the server's.
    const edited = await salesCall(ctx, owner, "PUT", `/${id}`, {
      ...quoteBody({ email, name: "Ada" }),
      lines: [
        { description: "Landing page", quantity: 1, unitPrice: 1200, recurring: null },
        { description: "Hosting and care", quantity: 1, unitPrice: 25.5, recurring: "monthly" },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ total: 1225.5, recurring: { amount: 25.5, interval: "monthly" } });

    const sent = await salesCall(ctx, owner, "POST", `/${id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    const year = new Date().getUTCFullYear();
    expect(sent.json()).toMatchObject({ state: "sent", number: `Q-${year}-0001`, label: `Q-${year}-0001` });
    const token = await tokenOf(ctx, owner, id);

    // The customer is mailed the link; a new address is asked to sign up.
    await runJobs(ctx);
    const mail = (await outbox(ctx)).find((each) => each.to === email);
    expect(mail?.subject).toBe(`Quote Q-${year}-0001 from ${ctx.config.site.name}`);
    expect(mail?.link).toBe(`${ctx.config.publicUrl}/quotes/${token}`);
    expect(mail?.text).toContain(`Sign up with ${email}`);

    // Before signing in, the link tells only what it is and for whom.
    const invitation = await customerCall(ctx, undefined, "GET", `${token}/invitation`);
    expect(SalesInvitation.parse(invitation.json())).toEqual({
      kind: "quote",
      label: `Q-${year}-0001`,
      email,
      accountExists: false,
    });
    expect((await customerCall(ctx, undefined, "GET", token)).statusCode).toBe(401);

    // The recipient signs up with the address: the quote is theirs, and the first view marks it.
    const customer = await createAccount(ctx, { email, name: "Ada Lovelace" });
    const seen = await view(customer, token);
    expect(seen).toMatchObject({ state: "viewed", canAccept: true, canPay: false });
    await view(customer, token);
    const history = (await salesDetail(ctx, owner, id)).history.map((entry) => entry.kind);
    expect(history).toEqual(["created", "edited", "sent", "viewed"]);

    // Paying before accepting is refused; accepting makes it payable.
    expect((await customerCall(ctx, customer, "POST", `${token}/pay`)).statusCode).toBe(409);
    const accepted = await customerCall(ctx, customer, "POST", `${token}/accept`, signed());
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ state: "accepted", canAccept: false, canPay: true });
    expect(acceptedQuotes.map((event) => event.quote)).toEqual([
      { id, number: `Q-${year}-0001`, revision: 1, email, userId: customer.id, totalCents: 122_550 },
    ]);

    const pay = await customerCall(ctx, customer, "POST", `${token}/pay`);
    expect(pay.statusCode, pay.body).toBe(200);
    const { orderId } = pay.json() as { orderId: string };
    // Opening the payment again pays the same order.
    expect((await customerCall(ctx, customer, "POST", `${token}/pay`)).json()).toEqual({ orderId });
    const paid = await payWithTestCard(ctx, customer, orderId);
    expect(paid.statusCode, paid.body).toBe(200);

    const order = await myOrder(ctx, customer, orderId);
    expect(order).toMatchObject({
      paid: true,
      state: "submitted",
      serviceId: null,
      currentPrice: 1225.5,
      serviceDuration: "monthly",
    });
    expect(order.service).toContain("Landing page");
    expect(order.subscription).toMatchObject({ status: "active", interval: "monthly" });
    expect((await salesDetail(ctx, owner, id)).state).toBe("paid");
    expect((await customerCall(ctx, customer, "POST", `${token}/pay`)).statusCode).toBe(409);

    // The order is on the team's list and board like any other.
    const all = await ctx.app.inject({
      method: "GET",
      url: "/api/orders",
      headers: { cookie: owner.cookie },
    });
    expect(all.json().orders.some((each: { _id: string }) => each._id === orderId)).toBe(true);
    const board = await ctx.app.inject({
      method: "GET",
      url: "/api/admin/board",
      headers: { cookie: owner.cookie },
    });
    expect(JSON.stringify(board.json())).toContain(orderId);

    // Its receipt, the orders export and the Overview's revenue count it like any other order.
    const receipt = await ctx.app.inject({
      method: "GET",
      url: `/api/order/${orderId}/receipt`,
      headers: { cookie: customer.cookie },
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json()).toMatchObject({ amount: 1225.5, listPrice: 1225.5, discount: 0 });
    const csv = await ctx.app.inject({
      method: "GET",
      url: "/api/admin/orders.csv",
      headers: { cookie: owner.cookie },
    });
    expect(csv.body).toContain(`Landing page (+1 more) · Q-${year}-0001`);
    const overview = await ctx.app.inject({
      method: "GET",
      url: "/api/admin/overview",
      headers: { cookie: owner.cookie },
    });
    expect(overview.json().revenueThisMonth).toBeGreaterThanOrEqual(1225.5);

    // The subscription renews at the recurring lines' amount.
    const periodEnd = order.subscription?.currentPeriodEnd ?? "";
    await runJobsAt(ctx, periodEnd);
    const history2 = await ctx.app.inject({
      method: "GET",
      url: `/api/payment-history/${email}`,
      headers: { cookie: customer.cookie },
    });
    const amounts = (history2.json() as { currentPrice: number }[])
      .map((payment) => payment.currentPrice)
      .sort();
    expect(amounts).toEqual([1225.5, 25.5]);
  });

  it("is declined with a reason, and then can no longer be accepted", async () => {
    const email = newAddress();
    const customer = await createAccount(ctx, { email });
    // Valid for 30 days from the shop's clock, which the test before moved a month on.
    const validUntil = dayFromNow(30, ctx.clock.now());
    const id = await writeQuote(ctx, owner, { body: quoteBody({ email, validUntil }), send: true });
    expect((await salesDetail(ctx, owner, id)).hasAccount).toBe(true);
    const token = await tokenOf(ctx, owner, id);
    const declined = await customerCall(ctx, customer, "POST", `${token}/decline`, { reason: "Over budget" });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({
      state: "declined",
      declineReason: "Over budget",
      canAccept: false,
    });
    expect((await customerCall(ctx, customer, "POST", `${token}/accept`, signed())).statusCode).toBe(409);
    expect((await customerCall(ctx, customer, "POST", `${token}/pay`)).statusCode).toBe(409);
    // The owners hear of the answer.
    await runJobs(ctx);
    const notice = (await outbox(ctx)).find(
      (mail) => mail.subject.includes("declined by") && mail.text.includes(email),
    );
    expect(notice?.text).toContain("Over budget");
  });

  it("expires after its valid-until day: it shows as expired and can no longer be accepted", async () => {
    const email = newAddress();
    const customer = await createAccount(ctx, { email });
    const validUntil = dayFromNow(5, ctx.clock.now());
    const id = await writeQuote(ctx, owner, { body: quoteBody({ email, validUntil }), send: true });
    const token = await tokenOf(ctx, owner, id);
    // Valid through its last day...
    ctx.clock.moveTo(new Date(`${validUntil}T23:00:00Z`));
    expect((await view(customer, token)).state).toBe("viewed");
    // ...and expired the day after.
    ctx.clock.moveTo(new Date(`${validUntil}T23:59:59Z`));
    ctx.clock.advance(2000);
    expect(await view(customer, token)).toMatchObject({ state: "expired", canAccept: false, canPay: false });
    expect((await customerCall(ctx, customer, "POST", `${token}/accept`, signed())).statusCode).toBe(409);
    const expired = await salesCall(ctx, owner, "GET", "?state=expired");
    expect(AdminSalesList.parse(expired.json()).documents.map((doc) => doc._id)).toContain(id);
    const waiting = await salesCall(ctx, owner, "GET", "?state=viewed");
    expect(AdminSalesList.parse(waiting.json()).documents.map((doc) => doc._id)).not.toContain(id);
  });

  it("is revised: the sent revision stays as it was, the new one keeps the number and replaces it", async () => {
    const email = newAddress();
    const customer = await createAccount(ctx, { email });
    const validUntil = dayFromNow(30, ctx.clock.now());
    const id = await writeQuote(ctx, owner, { body: quoteBody({ email, validUntil }), send: true });
    const first = await salesDetail(ctx, owner, id);
    const token = await tokenOf(ctx, owner, id);
    expect((await view(customer, token)).state).toBe("viewed");

    // A sent revision never changes.
    const refused = await salesCall(ctx, owner, "PUT", `/${id}`, quoteBody({ email, validUntil }));
    expect(refused.statusCode).toBe(409);
    await expect(
      ctx.db.update(salesDocuments).set({ totalCents: 1 }).where(eq(salesDocuments.id, id)),
    ).rejects.toThrow();

    const revised = await salesCall(ctx, owner, "POST", `/${id}/revise`);
    expect(revised.statusCode, revised.body).toBe(200);
    const revision = revised.json();
    expect(revision).toMatchObject({ state: "draft", revision: 2, number: first.number });
    expect((await salesCall(ctx, owner, "POST", `/${id}/revise`)).statusCode).toBe(409);
    // Until it is sent, the customer still has the first one.
    expect((await view(customer, token))._id).toBe(id);

    const changed = quoteBody({
      email,
      validUntil,
      lines: [
        { description: "Landing page, with copywriting", quantity: 1, unitPrice: 1450, recurring: null },
      ],
    });
    expect((await salesCall(ctx, owner, "PUT", `/${revision._id}`, changed)).statusCode).toBe(200);
    const sent = await salesCall(ctx, owner, "POST", `/${revision._id}/send`);
    expect(sent.json()).toMatchObject({ state: "sent", label: `${first.number} rev 2`, total: 1450 });

    const old = await salesDetail(ctx, owner, id);
    expect(old).toMatchObject({ state: "superseded", total: 1200 });
    expect(old.revisions.map((each) => [each.revision, each.state])).toEqual([
      [1, "superseded"],
      [2, "sent"],
    ]);
    // The same link now shows the new revision.
    expect(await view(customer, token)).toMatchObject({ _id: revision._id, total: 1450, state: "viewed" });
    await runJobs(ctx);
    const mails = (await outbox(ctx)).filter((mail) => mail.to === email);
    expect(mails.map((mail) => mail.subject)).toContain(
      `Quote ${first.number} rev 2 from ${ctx.config.site.name}`,
    );

    const audit = await ctx.db
      .select({ action: auditLog.action, label: auditLog.subjectLabel })
      .from(auditLog)
      .where(eq(auditLog.subjectId, id));
    expect(audit).toEqual([
      { action: "quote.sent", label: first.number },
      { action: "quote.revised", label: `${first.number} rev 2` },
    ]);
  });

  it("is voided by the agency: the customer can no longer accept or pay it", async () => {
    const email = newAddress();
    const customer = await createAccount(ctx, { email });
    const id = await writeQuote(ctx, owner, {
      body: quoteBody({ email, validUntil: dayFromNow(30, ctx.clock.now()) }),
      send: true,
    });
    const token = await tokenOf(ctx, owner, id);
    const voided = await salesCall(ctx, owner, "POST", `/${id}/void`);
    expect(voided.json()).toMatchObject({ state: "void" });
    expect((await salesCall(ctx, owner, "POST", `/${id}/void`)).statusCode).toBe(409);
    expect(await view(customer, token)).toMatchObject({ state: "void", canAccept: false, canPay: false });
    expect((await customerCall(ctx, customer, "POST", `${token}/accept`, signed())).statusCode).toBe(409);
    expect((await customerCall(ctx, customer, "POST", `${token}/pay`)).statusCode).toBe(409);
    const audit = await ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.subjectId, id));
    expect(audit.map((entry) => entry.action)).toEqual(["quote.sent", "quote.voided"]);
  });
});
