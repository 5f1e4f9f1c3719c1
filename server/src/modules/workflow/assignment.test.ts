import {
  AdminPlanList,
  type AuditEntry,
  AuditList,
  assignmentMessages,
  MailPreferences,
  OrderDetail,
  TeamAssigneeList,
} from "@agency/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { outbox, runJobs } from "../../../test/jobs.js";
import { planIds } from "../../../test/orders.js";
import { callAs, type Method, paidCustomerOf } from "../../../test/workflow.js";
import { orders, user } from "../../db/schema.js";

let ctx: TestContext;
let owner: TestAccount;
let admin: TestAccount;
let staff: TestAccount;
let plans: Awaited<ReturnType<typeof planIds>>;
const day = 24 * 60 * 60 * 1000;
/** Mails about new messages go at the end of a 10-minute window. */
const messageMailWindowMs = 10 * 60 * 1000;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { role: "owner", name: "Olive Owner" });
  admin = await createAccount(ctx, { admin: true, name: "Ada Admin" });
  staff = await createAccount(ctx, { role: "staff", name: "Sam Staff" });
  plans = await planIds(ctx);
});
afterAll(() => ctx.close());

const call = (account: TestAccount, method: Method, url: string, payload?: object) =>
  callAs(ctx, account, method, url, payload);
const assign = (account: TestAccount, orderId: string, assigneeId: string | null) =>
  call(account, "PUT", `/api/admin/orders/${orderId}/assignee`, { assigneeId });
const setDue = (account: TestAccount, orderId: string, dueAt: unknown) =>
  call(account, "PUT", `/api/admin/orders/${orderId}/due`, { dueAt });

async function teamDetail(orderId: string, account = admin) {
  const response = await call(account, "GET", `/api/admin/orders/${orderId}`);
  expect(response.statusCode, response.body).toBe(200);
  return OrderDetail.parse(response.json());
}

/** The audit log's entries of one action about one order, newest first. */
async function auditOf(action: string, orderId: string): Promise<AuditEntry[]> {
  const response = await call(owner, "GET", `/api/admin/audit?action=${action}`);
  expect(response.statusCode, response.body).toBe(200);
  return AuditList.parse(response.json()).entries.filter((entry) => entry.subject.id === orderId);
}

async function answerBrief(customer: TestAccount, orderId: string) {
  const detail = OrderDetail.parse((await call(customer, "GET", `/api/order/${orderId}`)).json());
  const questions = detail.brief?.questions ?? [];
  const answers = Object.fromEntries(questions.map((question) => [question._id, "example.com"]));
  const response = await call(customer, "PUT", `/api/order/${orderId}/brief`, { answers });
  expect(response.statusCode, response.body).toBe(200);
}

const mailsTo = async (account: TestAccount, subject: string) =>
  (await outbox(ctx)).filter((mail) => mail.to === account.email && mail.subject === subject);

describe("assigning an order", () => {
  it("lists the active members whose role works on orders", async () => {
    const bookkeeper = await createAccount(ctx, {
      role: "6c1f0000-0000-4000-8000-00000000b00c",
      permissions: "money.view,audit.view",
    });
    const away = await createAccount(ctx, { role: "staff" });
    await ctx.db.update(user).set({ suspendedAt: new Date() }).where(eq(user.id, away.id));
    const response = await call(admin, "GET", "/api/team/assignees");
    expect(response.statusCode).toBe(200);
    const ids = TeamAssigneeList.parse(response.json()).map((member) => member.id);
    expect(ids).toEqual(expect.arrayContaining([owner.id, admin.id, staff.id]));
    expect(ids).not.toContain(bookkeeper.id);
    expect(ids).not.toContain(away.id);
    expect((await call(staff, "GET", "/api/team/assignees")).statusCode).toBe(403);
  });

  it("gives the order to a member, mails them, records it, and takes it back with null", async () => {
    const { orderId } = await paidCustomerOf(ctx, "Cleo Customer", plans.standardMonthly._id);
    const assigned = await assign(admin, orderId, staff.id);
    expect(assigned.statusCode, assigned.body).toBe(200);
    const detail = OrderDetail.parse(assigned.json());
    expect(detail.assignee).toEqual({ id: staff.id, name: "Sam Staff" });
    expect((await teamDetail(orderId)).assignee).toEqual({ id: staff.id, name: "Sam Staff" });

    await runJobs(ctx);
    const subject = `Order #${detail.number} is assigned to you`;
    const [mail, ...more] = await mailsTo(staff, subject);
    expect(more).toEqual([]);
    expect(mail?.text).toContain("Ada Admin assigned order");
    expect(mail?.link).toBe(`${ctx.config.publicUrl}/dashboard/admin/orders/${orderId}`);

    const [entry] = await auditOf("order.assigned", orderId);
    expect(entry).toMatchObject({
      actor: { type: "admin", id: admin.id },
      subject: { type: "order", id: orderId, label: `#${detail.number}` },
      before: { assigneeId: null },
      after: { assigneeId: staff.id },
    });

    // The same member again changes nothing; null unassigns.
    expect((await assign(admin, orderId, staff.id)).statusCode).toBe(200);
    expect(await auditOf("order.assigned", orderId)).toHaveLength(1);
    const unassigned = await assign(owner, orderId, null);
    expect(unassigned.statusCode).toBe(200);
    expect(OrderDetail.parse(unassigned.json()).assignee).toBeNull();
    expect((await auditOf("order.assigned", orderId))[0]).toMatchObject({
      before: { assigneeId: staff.id },
      after: { assigneeId: null },
    });
    await runJobs(ctx);
    expect(await mailsTo(staff, subject)).toHaveLength(1);
  });

  it("refuses a role without the permission, and an assignee who is not an active member working on orders", async () => {
    const { customer, orderId } = await paidCustomerOf(ctx, "Rita Refused", plans.premiumYearly._id);
    expect((await assign(staff, orderId, staff.id)).statusCode).toBe(403);
    expect((await setDue(staff, orderId, "2030-01-01T00:00:00Z")).statusCode).toBe(403);
    expect((await assign(customer, orderId, staff.id)).statusCode).toBe(403);

    const reader = await createAccount(ctx, {
      role: "6c1f0000-0000-4000-8000-0000000000a1",
      permissions: "orders.all,audit.view",
    });
    const away = await createAccount(ctx, { role: "staff" });
    await ctx.db.update(user).set({ suspendedAt: new Date() }).where(eq(user.id, away.id));
    for (const assigneeId of [customer.id, reader.id, away.id, "no-such-account", ""]) {
      const refused = await assign(admin, orderId, assigneeId);
      expect(refused.statusCode, assigneeId).toBe(400);
      if (assigneeId) expect(refused.json().error.message).toBe(assignmentMessages.notAssignable);
    }
    expect((await teamDetail(orderId)).assignee).toBeNull();
    expect(await auditOf("order.assigned", orderId)).toEqual([]);
    expect((await assign(admin, "not-an-id", staff.id)).statusCode).toBe(404);
  });

  it("mails nobody when a member assigns the order to themselves, or turned these mails off", async () => {
    const { orderId } = await paidCustomerOf(ctx, "Quiet Customer", plans.find("Extended", "monthly")._id);
    const number = (await teamDetail(orderId)).number;
    expect((await assign(admin, orderId, admin.id)).statusCode).toBe(200);
    const quiet = await createAccount(ctx, { role: "staff", name: "Quinn Quiet" });
    const off = await call(quiet, "PUT", "/api/mail/preferences", {
      optionalMail: true,
      team: { orderAssigned: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(MailPreferences.parse(off.json()).team).toEqual({ orderMessages: true, orderAssigned: false });
    expect((await assign(admin, orderId, quiet.id)).statusCode).toBe(200);
    await runJobs(ctx);
    const subject = `Order #${number} is assigned to you`;
    expect(await mailsTo(admin, subject)).toEqual([]);
    expect(await mailsTo(quiet, subject)).toEqual([]);
  });
});

describe("due dates", () => {
  it("are the plan's turnaround from the brief, kept when the brief changes", async () => {
    const plan = plans.find("Standard", "yearly");
    const catalog = AdminPlanList.parse((await call(owner, "GET", "/api/admin/catalog/plans")).json());
    const edited = catalog.find((item) => item._id === plan._id);
    expect(edited?.turnaroundDays).toBe(7);
    const details = {
      service: plan.service,
      title: plan.title,
      duration: plan.duration,
      month: plan.month,
      features: plan.serviceName.map((name, index) => ({
        name,
        detail: plan.serviceTitle[index] ?? "",
        included: plan.included[index] ?? false,
      })),
      highlighted: plan.highlighted,
      backgroundColor: plan.backgroundColor,
      color: plan.color,
    };
    for (const wrong of [0, 366, 2.5, "10"]) {
      const refused = await call(owner, "PUT", `/api/admin/catalog/plans/${plan._id}`, {
        ...details,
        turnaroundDays: wrong,
      });
      expect(refused.statusCode, String(wrong)).toBe(400);
    }
    const saved = await call(owner, "PUT", `/api/admin/catalog/plans/${plan._id}`, {
      ...details,
      turnaroundDays: 10,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().turnaroundDays).toBe(10);

    const { customer, orderId } = await paidCustomerOf(ctx, "Dina Due", plan._id);
    expect((await teamDetail(orderId)).dueAt).toBeNull();
    const before = Date.now();
    await answerBrief(customer, orderId);
    const after = Date.now();
    const dueAt = (await teamDetail(orderId)).dueAt;
    const due = new Date(dueAt ?? "").getTime();
    expect(due).toBeGreaterThanOrEqual(before + 10 * day - 1000);
    expect(due).toBeLessThanOrEqual(after + 10 * day + 1000);
    await answerBrief(customer, orderId);
    expect((await teamDetail(orderId)).dueAt).toBe(dueAt);
    // The customer's own view does not carry the team's fields.
    const own = (await call(customer, "GET", `/api/order/${orderId}`)).json();
    expect(own).not.toHaveProperty("dueAt");
    expect(own).not.toHaveProperty("assignee");
  });

  it("change by a member who may assign, recorded with the date before and after; bad dates change nothing", async () => {
    const { orderId } = await paidCustomerOf(ctx, "Eve Editor", plans.standardMonthly._id);
    const changed = await setDue(owner, orderId, "2030-03-01T17:00:00+02:00");
    expect(changed.statusCode, changed.body).toBe(200);
    expect(OrderDetail.parse(changed.json()).dueAt).toBe("2030-03-01T15:00:00.000Z");
    const byDay = await setDue(owner, orderId, "2030-03-05");
    expect(OrderDetail.parse(byDay.json()).dueAt).toBe("2030-03-05T23:59:59.999Z");
    for (const wrong of ["next week", "2030-02-30", "1999-12-31T00:00:00Z", 12, undefined]) {
      const refused = await setDue(owner, orderId, wrong);
      expect(refused.statusCode, String(wrong)).toBe(400);
    }
    expect((await teamDetail(orderId)).dueAt).toBe("2030-03-05T23:59:59.999Z");
    const cleared = await setDue(admin, orderId, null);
    expect(OrderDetail.parse(cleared.json()).dueAt).toBeNull();

    const entries = await auditOf("order.due_changed", orderId);
    expect(entries.map((entry) => [entry.actor.id, entry.before, entry.after])).toEqual([
      [admin.id, { dueAt: "2030-03-05T23:59:59.999Z" }, { dueAt: null }],
      [owner.id, { dueAt: "2030-03-01T15:00:00.000Z" }, { dueAt: "2030-03-05T23:59:59.999Z" }],
      [owner.id, { dueAt: null }, { dueAt: "2030-03-01T15:00:00.000Z" }],
    ]);
  });
});

describe("mail about customers' messages follows the work", () => {
  /** Posts as the customer and runs the jobs at the end of the mail window. */
  async function customerWrites(customer: TestAccount, orderId: string, body: string) {
    const posted = await call(customer, "POST", `/api/order/${orderId}/messages`, { body });
    expect(posted.statusCode, posted.body).toBe(200);
    ctx.clock.advance(messageMailWindowMs);
    await runJobs(ctx);
  }
  const mailed = async (account: TestAccount, text: string) =>
    (await outbox(ctx)).filter((mail) => mail.to === account.email && mail.text.includes(text));

  it("goes to the assignee, or to the owner and admins while nobody is assigned", async () => {
    const { customer, orderId } = await paidCustomerOf(ctx, "Mia Messenger", plans.standardMonthly._id);
    await customerWrites(customer, orderId, "Unassigned question");
    for (const member of [owner, admin]) expect(await mailed(member, "Unassigned question")).toHaveLength(1);
    expect(await mailed(staff, "Unassigned question")).toEqual([]);

    expect((await assign(admin, orderId, staff.id)).statusCode).toBe(200);
    await customerWrites(customer, orderId, "Question for the assignee");
    expect(await mailed(staff, "Question for the assignee")).toHaveLength(1);
    for (const member of [owner, admin])
      expect(await mailed(member, "Question for the assignee")).toEqual([]);

    // The assignee turned these mails off: nobody is mailed in their place.
    const off = await call(staff, "PUT", "/api/mail/preferences", {
      optionalMail: true,
      team: { orderMessages: false },
    });
    expect(MailPreferences.parse(off.json()).team).toEqual({ orderMessages: false, orderAssigned: true });
    await customerWrites(customer, orderId, "Nobody hears this");
    for (const member of [owner, admin, staff]) expect(await mailed(member, "Nobody hears this")).toEqual([]);

    // A suspended assignee's order goes back to the owner and admins.
    await ctx.db.update(user).set({ suspendedAt: new Date() }).where(eq(user.id, staff.id));
    await customerWrites(customer, orderId, "After the suspension");
    expect(await mailed(owner, "After the suspension")).toHaveLength(1);
    await ctx.db.update(user).set({ suspendedAt: null }).where(eq(user.id, staff.id));
    await ctx.db.update(orders).set({ assigneeId: null }).where(eq(orders.id, orderId));
  });

  it("tells the assignee, not the owner and admins, that the customer approved the delivery", async () => {
    const { customer, orderId } = await paidCustomerOf(ctx, "Abe Approver", plans.premiumYearly._id);
    const worker = await createAccount(ctx, { role: "staff", name: "Wes Worker" });
    expect((await assign(admin, orderId, worker.id)).statusCode).toBe(200);
    for (const state of ["in_progress", "delivered"]) {
      const moved = await call(worker, "POST", `/api/admin/orders/${orderId}/state`, { state });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    expect((await call(customer, "POST", `/api/order/${orderId}/approve`)).statusCode).toBe(200);
    await runJobs(ctx);
    const subject = `Order #${(await teamDetail(orderId)).number} approved`;
    expect(await mailsTo(worker, subject)).toHaveLength(1);
    for (const member of [owner, admin]) expect(await mailsTo(member, subject)).toEqual([]);
  });

  it("shows a customer no team settings, and ignores them from a customer", async () => {
    const customer = await createAccount(ctx);
    const saved = await call(customer, "PUT", "/api/mail/preferences", {
      optionalMail: true,
      team: { orderMessages: false },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).not.toHaveProperty("team");
    const shown = MailPreferences.parse((await call(owner, "GET", "/api/mail/preferences")).json());
    expect(shown.team).toEqual({ orderMessages: true, orderAssigned: true });
  });
});
