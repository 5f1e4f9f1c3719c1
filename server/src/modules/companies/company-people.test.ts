import {
  type ClientRole,
  companyMessages,
  FileMeta,
  type WebhookEventType,
  webhookEventBodies,
} from "@agency/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { uploadFile } from "../../../test/files.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { runJobs } from "../../../test/jobs.js";
import { openPayment, payWithTestCard, placeOrder, placePaidOrder, planIds } from "../../../test/orders.js";
import { addWebhookEndpoint } from "../../../test/webhook-endpoints.js";
import { type Receiver, startReceiver } from "../../../test/webhook-receiver.js";
import { auditLog, user } from "../../db/schema.js";
import { addPersonToCompany } from "./service.js";

let ctx: TestContext;
let plans: Awaited<ReturnType<typeof planIds>>;
let hooks: Receiver;

beforeAll(async () => {
  ctx = await createTestApp();
  plans = await planIds(ctx);
  hooks = await startReceiver();
  const owner = await createAccount(ctx, { role: "owner" });
  await addWebhookEndpoint(ctx, owner, {
    url: hooks.url,
    events: ["company.created", "company.person_added", "company.person_removed", "order.created"],
  });
});
afterAll(async () => {
  await hooks.close();
  await ctx.close();
});

const call = (
  account: TestAccount,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  payload?: object,
) => ctx.app.inject({ method, url, headers: { cookie: account.cookie }, payload });
const changeRole = (admin: TestAccount, personId: string, role: string) =>
  call(admin, "PATCH", `/api/company/people/${personId}`, { role });
const remove = (admin: TestAccount, personId: string) =>
  call(admin, "DELETE", `/api/company/people/${personId}`);

async function companyOf(account: TestAccount): Promise<string> {
  const [row] = await ctx.db.select({ companyId: user.companyId }).from(user).where(eq(user.id, account.id));
  if (!row?.companyId) throw new Error(`${account.email} is in no company`);
  return row.companyId;
}

async function colleague(companyId: string, companyRole: ClientRole, name: string): Promise<TestAccount> {
  const person = await createAccount(ctx, { name });
  await ctx.db.transaction((tx) => addPersonToCompany(tx, { companyId, userId: person.id, companyRole }));
  ctx.app.sessionCache.clear();
  return person;
}

/** A company with a paid order, made by its CEO's first order. */
async function company(name: string) {
  const ceo = await createAccount(ctx, { name });
  const orderId = await placePaidOrder(ctx, ceo, plans.standardMonthly._id);
  return { ceo, orderId, companyId: await companyOf(ceo) };
}

const rolesOf = async (account: TestAccount) =>
  (await call(account, "GET", "/api/company"))
    .json()
    .people.map((person: { name: string; role: string }) => [person.name, person.role]);

/** The webhook events received about a company (each checked against the contract's body). */
async function companyEvents(companyId: string) {
  await runJobs(ctx);
  return hooks
    .events()
    .filter((event) => event.type.startsWith("company.") && JSON.stringify(event.data).includes(companyId))
    .map((event) => webhookEventBodies[event.type as WebhookEventType].parse(event));
}

describe("a company's Admins manage its people", () => {
  it("only an Admin changes roles or removes people: the other roles get 403 on both", async () => {
    const { ceo, companyId } = await company("Ida Admin");
    const target = await colleague(companyId, "member", "Tom Target");
    for (const role of ["approver", "billing", "member"] as const) {
      const person = await colleague(companyId, role, `Not Admin ${role}`);
      for (const refused of [
        await changeRole(person, target.id, "billing"),
        await remove(person, target.id),
      ]) {
        expect([refused.statusCode, refused.json().error.message]).toEqual([
          403,
          companyMessages.roleMayNot("people"),
        ]);
      }
    }
    expect((await rolesOf(ceo)).find(([name]: string[]) => name === "Tom Target")).toEqual([
      "Tom Target",
      "member",
    ]);
  });

  it("answers 404 for an unknown or malformed id and for another company's person, and 400 for an unknown role", async () => {
    const { ceo, companyId } = await company("Jo Admin");
    const { ceo: outsider } = await company("Other Company");
    const member = await colleague(companyId, "member", "Mia Member");
    for (const id of ["not-an-id", "0".repeat(32), outsider.id]) {
      expect((await changeRole(ceo, id, "billing")).statusCode).toBe(404);
      expect((await remove(ceo, id)).statusCode).toBe(404);
    }
    expect((await changeRole(ceo, member.id, "owner")).statusCode).toBe(400);
    // The outsider is still the Admin of their own company.
    expect((await call(outsider, "GET", "/api/company")).json().yourRole).toBe("admin");
  });

  it("changes a role at once and audits it: a Member made Billing pays straight away", async () => {
    const { ceo, companyId } = await company("Kim Chief");
    const member = await colleague(companyId, "member", "Lou Later");
    const unpaid: string = (await placeOrder(ctx, ceo, plans.premiumYearly._id)).json().insertedId;
    // The member's session is read (and kept) before the change.
    const refused = await openPayment(ctx, member, unpaid);
    expect([refused.statusCode, refused.json().error.message]).toEqual([
      403,
      companyMessages.roleMayNot("pay"),
    ]);

    const changed = await changeRole(ceo, member.id, "billing");
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().people).toContainEqual({
      id: member.id,
      name: "Lou Later",
      email: member.email,
      role: "billing",
    });
    const paid = await payWithTestCard(ctx, member, unpaid);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await call(member, "GET", "/api/company")).json().yourRole).toBe("billing");

    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, companyId), eq(auditLog.action, "company.role_changed")));
    expect(entry).toMatchObject({ actorId: ceo.id });
    expect([entry?.before, entry?.after]).toEqual([
      { personId: member.id, role: "member" },
      { personId: member.id, role: "billing" },
    ]);
  });

  it("keeps at least one Admin: the last one can be neither demoted nor removed, and leaves once another is made Admin", async () => {
    const { ceo, companyId } = await company("Lee Last");
    const approver = await colleague(companyId, "approver", "Ann Approver");
    for (const refused of [await changeRole(ceo, ceo.id, "member"), await remove(ceo, ceo.id)]) {
      expect([refused.statusCode, refused.json().error.message]).toEqual([409, companyMessages.lastAdmin]);
    }
    expect((await changeRole(ceo, approver.id, "admin")).statusCode).toBe(200);
    // Two Admins now: the CEO steps down to Member, then the new Admin cannot leave alone either.
    expect((await changeRole(ceo, ceo.id, "member")).json().yourRole).toBe("member");
    expect((await changeRole(ceo, approver.id, "member")).statusCode).toBe(403);
    expect((await remove(approver, approver.id)).statusCode).toBe(409);
    expect((await changeRole(approver, ceo.id, "admin")).statusCode).toBe(200);
    // An Admin removes themselves while another remains.
    const left = await remove(ceo, ceo.id);
    expect([left.statusCode, left.json()]).toEqual([200, { modifiedCount: 1 }]);
    expect(await rolesOf(approver)).toEqual([["Ann Approver", "admin"]]);
    const none = await call(ceo, "GET", "/api/company");
    expect([none.statusCode, none.json().error.message]).toEqual([404, companyMessages.noCompany]);
  });

  it("a removed person loses the company's orders, threads, files and receipts at once, the order they placed too", async () => {
    const { ceo, orderId, companyId } = await company("Max Boss");
    const leaver = await colleague(companyId, "admin", "Pat Leaving");
    // The leaver places and pays an order of their own for the company, writes and uploads.
    const own = await placePaidOrder(ctx, leaver, plans.premiumYearly._id);
    expect(
      (
        await ctx.app.inject({
          method: "POST",
          url: `/api/order/${orderId}/messages`,
          headers: { cookie: leaver.cookie },
          payload: { body: "Our logo, attached." },
        })
      ).statusCode,
    ).toBe(200);
    const upload = await uploadFile(ctx, leaver, own, {
      name: "logo.pdf",
      contentType: "application/pdf",
      content: "%PDF-1.4 logo",
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const file = FileMeta.parse(upload.json());
    const receipts = (await call(leaver, "GET", "/api/receipts")).json();
    expect(receipts).toHaveLength(2);
    const listUrl = `/api/order?email=${encodeURIComponent(leaver.email)}`;
    expect((await call(leaver, "GET", listUrl)).json()).toHaveLength(2);
    expect((await call(leaver, "GET", `/api/files/${file._id}`)).statusCode).toBe(200);

    const removed = await remove(ceo, leaver.id);
    expect(removed.statusCode, removed.body).toBe(200);
    const [row] = await ctx.db
      .select({ companyId: user.companyId, companyRole: user.companyRole })
      .from(user)
      .where(eq(user.id, leaver.id));
    expect(row).toEqual({ companyId: null, companyRole: null });

    for (const id of [orderId, own]) {
      expect((await call(leaver, "GET", `/api/order/${id}`)).statusCode).toBe(404);
      expect((await call(leaver, "GET", `/api/order/${id}/messages`)).statusCode).toBe(404);
    }
    expect((await call(leaver, "GET", `/api/files/${file._id}`)).statusCode).toBe(404);
    expect((await call(leaver, "GET", listUrl)).json()).toEqual([]);
    expect((await call(leaver, "GET", "/api/receipts")).json()).toEqual([]);
    for (const receipt of receipts) {
      expect((await call(leaver, "GET", `/api/receipts/${receipt._id}`)).statusCode).toBe(404);
    }
    expect(
      (await call(leaver, "GET", `/api/payment-history/${encodeURIComponent(leaver.email)}`)).json(),
    ).toEqual([]);
    expect((await openPayment(ctx, leaver, own)).statusCode).toBe(404);
    // Nor do they review the company's order they placed.
    const review = (orderId?: string) =>
      call(leaver, "POST", "/api/reviews", { comment: "Great work.", ...(orderId ? { orderId } : {}) });
    expect((await review(own)).statusCode).toBe(404);
    expect((await review()).statusCode).toBe(403);

    // The company keeps both orders, their receipts and the leaver's message; its people still see them.
    const theirs = (await call(ceo, "GET", `/api/order?email=${encodeURIComponent(ceo.email)}`)).json();
    expect(theirs.map((order: { _id: string }) => order._id).sort()).toEqual([orderId, own].sort());
    const thread = (await call(ceo, "GET", `/api/order/${orderId}/messages`)).json().messages;
    expect(thread.map((message: { body: string }) => message.body)).toEqual(["Our logo, attached."]);
    expect((await call(ceo, "GET", "/api/receipts")).json()).toHaveLength(2);
    expect(await rolesOf(ceo)).toEqual([["Max Boss", "admin"]]);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, companyId), eq(auditLog.action, "company.person_removed")));
    expect(entry).toMatchObject({ actorId: ceo.id, before: { personId: leaver.id, role: "admin" } });

    // Their next order makes them a company of one again, without the old company's orders.
    const next = await placePaidOrder(ctx, leaver, plans.standardMonthly._id);
    expect((await call(leaver, "GET", listUrl)).json().map((order: { _id: string }) => order._id)).toEqual([
      next,
    ]);
    expect(await companyOf(leaver)).not.toBe(companyId);
  });
});

describe("company webhooks", () => {
  it("announce a company made, a person joining and a person removed; orders carry their company", async () => {
    const ceo = await createAccount(ctx, { name: "Hook Founder" });
    const orderId: string = (await placeOrder(ctx, ceo, plans.standardMonthly._id)).json().insertedId;
    const companyId = await companyOf(ceo);
    const joiner = await colleague(companyId, "approver", "Jay Joiner");
    expect((await remove(ceo, joiner.id)).statusCode).toBe(200);

    const events = await companyEvents(companyId);
    const company = { id: companyId, name: "Hook Founder" };
    const joined = { id: joiner.id, name: "Jay Joiner", email: joiner.email, role: "approver" };
    expect(events.map((event) => [event.type, event.data])).toEqual([
      [
        "company.created",
        expect.objectContaining({ id: companyId, name: "Hook Founder", billingEmail: ceo.email }),
      ],
      ["company.person_added", { company, person: joined }],
      ["company.person_removed", { company, person: joined }],
    ]);
    const created = hooks
      .events()
      .filter((event) => event.type === "order.created" && event.data._id === orderId)
      .map((event) => webhookEventBodies["order.created"].parse(event));
    expect(created.map((event) => event.data.company)).toEqual([company]);
  });
});
