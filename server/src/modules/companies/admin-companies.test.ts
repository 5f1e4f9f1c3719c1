import {
  AdminCompanyDetail,
  AdminCompanyList,
  AdminOrderList,
  Board,
  type ClientRole,
  companyInvitationMessages,
} from "@agency/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { outbox, runJobs } from "../../../test/jobs.js";
import { OrderSeenInFull, placePaidOrder, planIds } from "../../../test/orders.js";
import { invoiceBody, quoteBody, writeQuote } from "../../../test/sales.js";
import { auditLog, user } from "../../db/schema.js";
import { addPersonToCompany } from "./service.js";

let ctx: TestContext;
let plans: Awaited<ReturnType<typeof planIds>>;
let admin: TestAccount;
/** Sees customers and every order, not money. */
let accountManager: TestAccount;
/** Sees customers and money, but only the orders assigned to them. */
let assignedOnly: TestAccount;
let staff: TestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  plans = await planIds(ctx);
  admin = await createAccount(ctx, { admin: true, name: "Ada Admin" });
  accountManager = await createAccount(ctx, {
    role: "0c0a0000-0000-4000-8000-0000000000a1",
    permissions: "orders.work,orders.all,customers.view",
  });
  assignedOnly = await createAccount(ctx, {
    role: "0c0a0000-0000-4000-8000-0000000000a2",
    permissions: "orders.work,customers.view,money.view",
    name: "Sia Assigned",
  });
  staff = await createAccount(ctx, { role: "staff" });
});
afterAll(() => ctx.close());

const call = (account: TestAccount, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie: account.cookie }, payload });

let unique = 0;
const tag = () => `${Date.now().toString(36)}${++unique}`;

async function companyOf(account: TestAccount): Promise<string> {
  const [row] = await ctx.db.select({ companyId: user.companyId }).from(user).where(eq(user.id, account.id));
  if (!row?.companyId) throw new Error(`${account.email} is in no company`);
  return row.companyId;
}

/** A client company with details, its Admin, a colleague and a paid order of the Admin's. */
async function clientCompany(name: string, vatId: string, colleagueRole: ClientRole = "member") {
  const ceo = await createAccount(ctx, { name: `Chief ${name}` });
  const orderId = await placePaidOrder(ctx, ceo, plans.standardMonthly._id);
  const companyId = await companyOf(ceo);
  const billingEmail = `accounts-${tag()}@billing.example`;
  const details = await call(ceo, "PUT", "/api/company", { name, address: "1 Main St", vatId, billingEmail });
  expect(details.statusCode, details.body).toBe(200);
  const colleague = await createAccount(ctx, {
    name: `Colleague of ${name}`,
    email: `colleague-${tag()}@staff.example`,
  });
  await ctx.db.transaction((tx) =>
    addPersonToCompany(tx, { companyId, userId: colleague.id, companyRole: colleagueRole }),
  );
  ctx.app.sessionCache.clear();
  return { ceo, colleague, orderId, companyId, billingEmail };
}

async function search(q: string, as: TestAccount = admin) {
  const response = await call(as, "GET", `/api/admin/companies?q=${encodeURIComponent(q)}`);
  expect(response.statusCode, response.body).toBe(200);
  return AdminCompanyList.parse(response.json());
}

async function detailOf(companyId: string, as: TestAccount = admin) {
  const response = await call(as, "GET", `/api/admin/companies/${companyId}`);
  expect(response.statusCode, response.body).toBe(200);
  return AdminCompanyDetail.parse(response.json());
}

describe("the agency's Companies page", () => {
  it("finds a company by a word of its name, its billing e-mail, a person's e-mail and its VAT ID", async () => {
    const word = `Quokka${tag()}`;
    const vat = `GB${tag().toUpperCase()}`;
    const acme = await clientCompany(`Acme ${word} Ltd`, vat);
    const ids = async (q: string) => (await search(q)).companies.map((row) => row.id);

    expect(await ids(word.toLowerCase().slice(0, 9))).toContain(acme.companyId);
    expect(await ids(`acme ${word}`)).toContain(acme.companyId);
    expect(await ids(acme.billingEmail.toUpperCase())).toEqual([acme.companyId]);
    expect(await ids(acme.colleague.email.slice(0, 14))).toContain(acme.companyId);
    expect(await ids(acme.ceo.email)).toEqual([acme.companyId]);
    expect(await ids(vat.toLowerCase())).toEqual([acme.companyId]);
    expect(await ids(`${word}-nothing`)).toEqual([]);

    const [row] = (await search(acme.billingEmail)).companies;
    expect(row).toEqual({
      id: acme.companyId,
      name: `Acme ${word} Ltd`,
      billingEmail: acme.billingEmail,
      vatId: vat,
      people: 2,
      orders: 1,
    });
  });

  it("finds a company by its new details once they change, and no longer by the old ones", async () => {
    const [before, after] = [`Wombat${tag()}`, `Numbat${tag()}`];
    const vat = `DE${tag().toUpperCase()}`;
    const company = await clientCompany(`${before} Studio`, vat);
    const ids = async (q: string) => (await search(q)).companies.map((row) => row.id);
    expect(await ids(before.toLowerCase())).toEqual([company.companyId]);

    const changed = await call(company.ceo, "PUT", "/api/company", {
      name: `${after} Studio`,
      address: "1 Main St",
      vatId: `FR${tag().toUpperCase()}`,
      billingEmail: `${after.toLowerCase()}@billing.example`,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await ids(before.toLowerCase())).toEqual([]);
    expect(await ids(vat.toLowerCase())).toEqual([]);
    expect(await ids(company.billingEmail.split("@")[0] ?? "")).not.toContain(company.companyId);
    expect(await ids(after.toLowerCase())).toEqual([company.companyId]);
    expect(await ids(`${after.toLowerCase()}@billing`)).toEqual([company.companyId]);
  });

  it("is refused to a member without customers.view; an unknown or malformed company is a 404", async () => {
    const { companyId } = await clientCompany(`Refused ${tag()}`, "");
    expect((await call(staff, "GET", "/api/admin/companies")).statusCode).toBe(403);
    expect((await call(staff, "GET", `/api/admin/companies/${companyId}`)).statusCode).toBe(403);
    expect(
      (
        await call(staff, "POST", `/api/admin/companies/${companyId}/invitations`, {
          email: `x-${tag()}@client.example`,
          role: "member",
        })
      ).statusCode,
    ).toBe(403);
    expect((await call(admin, "GET", "/api/admin/companies/not-an-id")).statusCode).toBe(404);
    expect(
      (await call(admin, "GET", "/api/admin/companies/00000000-0000-4000-8000-000000000000")).statusCode,
    ).toBe(404);
  });

  it("shows details, people, orders and revenue (paid less refunds) to a member who sees money; without money.view, no revenue nor prices", async () => {
    const name = `Revenue ${tag()} GmbH`;
    const company = await clientCompany(name, "DE123456789", "billing");
    const secondOrder = await placePaidOrder(ctx, company.colleague, plans.premiumYearly._id);
    const full = OrderSeenInFull.parse((await call(admin, "GET", `/api/admin/orders/${secondOrder}`)).json());
    const [payment] = full.payments;
    if (!payment) throw new Error("no payment");
    const refunded = await call(admin, "POST", `/api/admin/orders/${secondOrder}/refunds`, {
      paymentId: payment._id,
      amount: 10,
      reason: "Goodwill",
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const first = OrderSeenInFull.parse(
      (await call(admin, "GET", `/api/admin/orders/${company.orderId}`)).json(),
    );

    const detail = await detailOf(company.companyId);
    expect(detail).toMatchObject({
      name,
      vatId: "DE123456789",
      billingEmail: company.billingEmail,
      address: "1 Main St",
    });
    expect(detail.people.map((person) => [person.name, person.role])).toEqual([
      [`Chief ${name}`, "admin"],
      [`Colleague of ${name}`, "billing"],
    ]);
    expect(detail.orders.map((order) => order._id)).toEqual([secondOrder, company.orderId]);
    expect(detail.orders[0]?.price).toBe(full.currentPrice);
    expect(detail.revenue).toEqual([
      { currency: full.currency, amount: (first.currentPrice ?? 0) + (full.currentPrice ?? 0) - 10 },
    ]);

    const response = await call(accountManager, "GET", `/api/admin/companies/${company.companyId}`);
    expect(response.statusCode).toBe(200);
    expect("revenue" in response.json()).toBe(false);
    expect(response.json().orders).toHaveLength(2);
    expect(response.json().orders[0].price).toBeUndefined();
  });

  it("shows a member who sees only assigned orders only those, in the detail and the counts", async () => {
    const name = `Assigned ${tag()}`;
    const company = await clientCompany(name, "");
    const other = await placePaidOrder(ctx, company.ceo, plans.premiumYearly._id);
    const assigned = await call(admin, "PUT", `/api/admin/orders/${company.orderId}/assignee`, {
      assigneeId: assignedOnly.id,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const detail = await detailOf(company.companyId, assignedOnly);
    expect(detail.orders.map((order) => order._id)).toEqual([company.orderId]);
    expect(detail.orders.map((order) => order._id)).not.toContain(other);
    expect((await search(name, assignedOnly)).companies[0]?.orders).toBe(1);
    // Its revenue is that of the orders it sees.
    const price = OrderSeenInFull.parse(
      (await call(admin, "GET", `/api/admin/orders/${company.orderId}`)).json(),
    );
    expect(detail.revenue).toEqual([{ currency: price.currency, amount: price.currentPrice }]);
    expect((await search(name, admin)).companies[0]?.orders).toBe(2);
  });

  it("adds a contact: the company's invitation is mailed, audited with the member as actor, and accepted by the invitee", async () => {
    const name = `Invited ${tag()}`;
    const company = await clientCompany(name, "");
    const email = `new-contact-${tag()}@client.example`;
    const sent = await call(admin, "POST", `/api/admin/companies/${company.companyId}/invitations`, {
      email,
      role: "approver",
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ email, role: "approver", invitedBy: "Ada Admin" });
    const again = await call(admin, "POST", `/api/admin/companies/${company.companyId}/invitations`, {
      email,
      role: "member",
    });
    expect([again.statusCode, again.json().error.message]).toEqual([
      409,
      companyInvitationMessages.alreadyInvited,
    ]);
    expect(
      (
        await call(admin, "POST", "/api/admin/companies/00000000-0000-4000-8000-000000000000/invitations", {
          email,
          role: "member",
        })
      ).statusCode,
    ).toBe(404);
    // The company's Admin sees it among the open invitations.
    const open = (await call(company.ceo, "GET", "/api/company/invitations")).json();
    expect(open.map((each: { email: string }) => each.email)).toEqual([email]);

    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "company.invitation_sent"), eq(auditLog.subjectId, company.companyId)));
    expect(entry).toMatchObject({ actorType: "admin", actorId: admin.id });

    await runJobs(ctx);
    const prefix = `${ctx.config.publicUrl}/company/join/`;
    const link = (await outbox(ctx))
      .filter((mail) => mail.to === email && mail.link?.startsWith(prefix))
      .at(-1)?.link;
    if (!link) throw new Error("no invitation mailed");
    const invitee = await createAccount(ctx, { email, name: "Nia New" });
    const joined = await call(invitee, "POST", "/api/company/invitations/accept", {
      token: link.slice(prefix.length),
    });
    expect(joined.statusCode, joined.body).toBe(200);
    expect((await call(invitee, "GET", `/api/order/${company.orderId}`)).statusCode).toBe(200);
    const detail = await detailOf(company.companyId);
    expect(detail.people.map((person) => [person.email, person.role])).toContainEqual([email, "approver"]);
  });

  it("lists the open quotes and invoices addressed to the company's people, their totals only with money.view", async () => {
    const name = `Quoted ${tag()}`;
    const company = await clientCompany(name, "");
    const quoteId = await writeQuote(ctx, admin, {
      send: true,
      body: quoteBody({ email: company.colleague.email, name: company.colleague.name }),
    });
    const invoiceId = await writeQuote(ctx, admin, {
      send: true,
      body: invoiceBody({ email: company.ceo.email, name: company.ceo.name }),
    });
    await writeQuote(ctx, admin, { body: quoteBody({ email: company.ceo.email }) });
    await writeQuote(ctx, admin, {
      send: true,
      body: quoteBody({ email: `elsewhere-${tag()}@other.example` }),
    });

    const detail = await detailOf(company.companyId);
    expect(detail.openDocuments.map((doc) => [doc._id, doc.kind, doc.state, doc.total])).toEqual([
      [invoiceId, "invoice", "sent", 1200],
      [quoteId, "quote", "sent", 1200],
    ]);
    const narrow = (await call(accountManager, "GET", `/api/admin/companies/${company.companyId}`)).json();
    expect(narrow.openDocuments.map((doc: { total?: number }) => doc.total)).toEqual([undefined, undefined]);
  });
});

describe("All Orders and the board name the company", () => {
  it("shows each order's company, filters All Orders by company, and the board's cards carry it", async () => {
    const name = `Boarded ${tag()}`;
    const company = await clientCompany(name, "", "billing");
    const colleaguesOrder = await placePaidOrder(ctx, company.colleague, plans.standardMonthly._id);
    const teamsOwn = await placePaidOrder(ctx, accountManager, plans.standardMonthly._id);

    const filtered = await call(admin, "GET", `/api/orders?companyId=${company.companyId}`);
    expect(filtered.statusCode, filtered.body).toBe(200);
    const list = AdminOrderList.parse(filtered.json());
    expect(list.orders.map((order) => order._id)).toEqual([colleaguesOrder, company.orderId]);
    expect(list.orders.map((order) => [order.name, order.company?.name])).toEqual([
      [`Colleague of ${name}`, name],
      [`Chief ${name}`, name],
    ]);
    expect(list.matches).toEqual({ count: 2, more: false });

    const all = AdminOrderList.parse((await call(admin, "GET", "/api/orders?size=100")).json());
    expect(all.orders.find((order) => order._id === teamsOwn)?.company).toBeNull();
    expect(all.orders.find((order) => order._id === company.orderId)?.company).toEqual({
      id: company.companyId,
      name,
    });
    expect((await call(admin, "GET", "/api/orders?companyId=nope")).statusCode).toBe(400);

    const board = Board.parse((await call(admin, "GET", "/api/admin/board")).json());
    const cards = board.columns.flatMap((column) => column.cards);
    expect(cards.find((card) => card._id === colleaguesOrder)?.company).toEqual({
      id: company.companyId,
      name,
    });
    expect(cards.find((card) => card._id === teamsOwn)?.company).toBeNull();
  });
});
