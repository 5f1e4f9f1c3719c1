import {
  ClientOrderHours,
  OrderTime,
  RunningTimer,
  TimeEntry,
  TimeWeek,
  timeMessages,
} from "@agency/contract";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { editPlan, placePaidOrder, planIds } from "../../../test/orders.js";
import { auditLog, timeEntries } from "../../db/schema.js";

// Time on orders: one running timer per member, entries by hand, edits by their author or
// `time.manage`, and totals per order and per week.

let ctx: TestContext;
let owner: TestAccount;
let designer: TestAccount;
let writer: TestAccount;
let orderId: string;
let otherOrderId: string;
let hiddenOrderId: string;

const call = (
  account: TestAccount,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  payload?: object,
) => ctx.app.inject({ method, url: `/api/admin${url}`, headers: { cookie: account.cookie }, payload });

async function assign(id: string, member: TestAccount) {
  const response = await call(owner, "PUT", `/orders/${id}/assignee`, { assigneeId: member.id });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  ctx = await createTestApp();
  const plans = await planIds(ctx);
  owner = await createAccount(ctx, { role: "owner" });
  designer = await createAccount(ctx, { role: "staff", name: "Dana Designer" });
  // A writer who sees every order, and may not change others' time.
  writer = await createAccount(ctx, {
    role: "3f1d7c2e-0000-4000-8000-0000000071e0",
    permissions: "orders.work,orders.all,messages.send",
    name: "Wes Writer",
  });
  orderId = await placePaidOrder(ctx, await createAccount(ctx), plans.standardMonthly._id);
  otherOrderId = await placePaidOrder(ctx, await createAccount(ctx), plans.premiumYearly._id);
  hiddenOrderId = await placePaidOrder(ctx, await createAccount(ctx), plans.standardMonthly._id);
  for (const id of [orderId, otherOrderId]) {
    await assign(id, designer);
  }
});
afterAll(() => ctx.close());

const today = () => new Date().toISOString().slice(0, 10);

describe("time on orders", () => {
  it("runs one timer per member: starting on another order stops the first, and two starts at once leave one", async () => {
    const first = RunningTimer.parse(
      (await call(designer, "POST", `/orders/${orderId}/time/start`, {})).json(),
    );
    expect(first.entry).toMatchObject({ orderId, minutes: null, endedAt: null });
    const second = await call(designer, "POST", `/orders/${otherOrderId}/time/start`, { note: "Drafts" });
    expect(second.statusCode, second.body).toBe(200);
    const time = OrderTime.parse((await call(designer, "GET", `/orders/${orderId}/time`)).json());
    expect(time.entries[0]).toMatchObject({ minutes: 1, mayEdit: true });
    expect(RunningTimer.parse((await call(designer, "GET", "/time/running")).json()).entry?.orderId).toBe(
      otherOrderId,
    );

    const together = await Promise.all([
      call(designer, "POST", `/orders/${orderId}/time/start`, {}),
      call(designer, "POST", `/orders/${otherOrderId}/time/start`, {}),
    ]);
    expect(
      together.map((response) => response.statusCode).every((code) => code === 200 || code === 409),
    ).toBe(true);
    const running = and(isNotNull(timeEntries.startedAt), isNull(timeEntries.endedAt));
    expect(await ctx.db.$count(timeEntries, running)).toBe(1);

    const stopped = TimeEntry.parse((await call(designer, "POST", "/time/stop")).json());
    expect(stopped.minutes).toBeGreaterThanOrEqual(1);
    const again = await call(designer, "POST", "/time/stop");
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(timeMessages.notRunning);
  });

  it("adds entries by hand, totals them per order and per member, and refuses bad ones", async () => {
    const before = OrderTime.parse((await call(owner, "GET", `/orders/${otherOrderId}/time`)).json()).totals;
    const added = await call(designer, "POST", `/orders/${otherOrderId}/time`, {
      day: today(),
      minutes: 90,
      note: "Two banner sizes",
      billable: true,
    });
    expect(added.statusCode, added.body).toBe(200);
    await call(owner, "POST", `/orders/${otherOrderId}/time`, { day: today(), minutes: 30, billable: false });
    const time = OrderTime.parse((await call(owner, "GET", `/orders/${otherOrderId}/time`)).json());
    expect(time.totals.minutes - before.minutes).toBe(120);
    expect(time.totals.billableMinutes - before.billableMinutes).toBe(90);
    expect(time.byMember.map((member) => member.memberId)).toEqual(
      expect.arrayContaining([designer.id, owner.id]),
    );

    for (const bad of [
      { day: today(), minutes: 0 },
      { day: today(), minutes: 1441 },
      { day: "2999-01-01", minutes: 10 },
      { day: "yesterday", minutes: 10 },
    ]) {
      const refused = await call(designer, "POST", `/orders/${otherOrderId}/time`, bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it("lets the author and time.manage change or delete an entry, and nobody else", async () => {
    const written = OrderTime.parse(
      (
        await call(writer, "POST", `/orders/${orderId}/time`, { day: today(), minutes: 20, note: "Copy" })
      ).json(),
    );
    const entry = written.entries.find((item) => item.memberId === writer.id && item.note === "Copy");
    expect(entry?.mayEdit).toBe(true);
    // The designer sees it on the order, and may not change it.
    const seen = OrderTime.parse((await call(designer, "GET", `/orders/${orderId}/time`)).json());
    expect(seen.entries.find((item) => item._id === entry?._id)?.mayEdit).toBe(false);
    const refused = await call(designer, "PATCH", `/time/${entry?._id}`, { minutes: 200 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(timeMessages.notYours);

    const own = await call(writer, "PATCH", `/time/${entry?._id}`, { minutes: 25, billable: false });
    expect(own.statusCode, own.body).toBe(200);
    const managed = await call(owner, "PATCH", `/time/${entry?._id}`, { note: "Copy, second round" });
    expect(OrderTime.parse(managed.json()).entries.find((item) => item._id === entry?._id)).toMatchObject({
      minutes: 25,
      billable: false,
      note: "Copy, second round",
    });
    expect((await call(designer, "DELETE", `/time/${entry?._id}`)).statusCode).toBe(403);
    expect((await call(writer, "DELETE", `/time/${entry?._id}`)).statusCode).toBe(200);
    expect((await call(writer, "DELETE", `/time/${entry?._id}`)).statusCode).toBe(404);
    expect((await call(writer, "PATCH", "/time/not-an-id", { minutes: 5 })).statusCode).toBe(404);
  });

  it("keeps an order's time to those who may see the order", async () => {
    // The hidden order is assigned to nobody: Staff does not see it, nor its time.
    await call(owner, "POST", `/orders/${hiddenOrderId}/time`, { day: today(), minutes: 45 });
    expect((await call(designer, "GET", `/orders/${hiddenOrderId}/time`)).statusCode).toBe(404);
    expect((await call(designer, "POST", `/orders/${hiddenOrderId}/time/start`, {})).statusCode).toBe(404);
    expect(
      (await call(designer, "POST", `/orders/${hiddenOrderId}/time`, { day: today(), minutes: 5 }))
        .statusCode,
    ).toBe(404);
    const hidden = OrderTime.parse((await call(owner, "GET", `/orders/${hiddenOrderId}/time`)).json())
      .entries[0];
    expect((await call(designer, "PATCH", `/time/${hidden?._id}`, { minutes: 1 })).statusCode).toBe(404);
  });

  it("totals the week per member: everyone's for the owner, one's own for Staff", async () => {
    const week = TimeWeek.parse((await call(owner, "GET", `/time/week?day=${today()}`)).json());
    const designerWeek = week.members.find((member) => member.memberId === designer.id);
    expect(designerWeek?.minutes).toBeGreaterThanOrEqual(90);
    expect(week.members.length).toBeGreaterThanOrEqual(2);
    const own = TimeWeek.parse((await call(designer, "GET", "/time/week")).json());
    expect(own.members.map((member) => member.memberId)).toEqual([designer.id]);
    expect(new Date(`${week.weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
  });

  it("exports the entries of the orders one sees as CSV, audited", async () => {
    const all = await ctx.app.inject({
      method: "GET",
      url: `/api/admin/time.csv?from=${today()}`,
      headers: { cookie: owner.cookie },
    });
    expect(all.statusCode, all.body).toBe(200);
    const lines = all.body.trim().split("\r\n");
    expect(lines[0]).toBe("Day,Order,Member,Minutes,Hours,Billable,Note,Started,Ended");
    expect(lines.some((line) => line.includes("Two banner sizes") && line.includes(",90,1.50,true,"))).toBe(
      true,
    );
    // Staff sees the time of its own orders only: the hidden order's 45 minutes are left out.
    const staff = await ctx.app.inject({
      method: "GET",
      url: `/api/admin/time.csv?from=${today()}`,
      headers: { cookie: designer.cookie },
    });
    expect(staff.statusCode).toBe(200);
    expect(staff.body.split("\r\n").some((line) => line.includes(",45,0.75,"))).toBe(false);
    expect(all.body.split("\r\n").some((line) => line.includes(",45,0.75,"))).toBe(true);
    const audited = await ctx.db.$count(auditLog, eq(auditLog.action, "export.time"));
    expect(audited).toBe(2);
  });

  it("sets the time spent against the plan's expected hours, per period, and shows the client hours only when the plan says so", async () => {
    const plans = await planIds(ctx);
    const customer = await createAccount(ctx);
    const extended = plans.find("Extended", "monthly");
    const id = await placePaidOrder(ctx, customer, extended._id);
    await call(owner, "POST", `/orders/${id}/time`, { day: today(), minutes: 150 });
    const hidden = await ctx.app.inject({
      method: "GET",
      url: `/api/order/${id}/hours`,
      headers: { cookie: customer.cookie },
    });
    expect(hidden.statusCode).toBe(404);

    const saved = await editPlan(ctx, owner, extended._id, { expectedHours: 4.5, hoursToClient: true });
    expect(saved.statusCode, saved.body).toBe(200);
    const time = OrderTime.parse((await call(owner, "GET", `/orders/${id}/time`)).json());
    expect(time.expectedMinutes).toBe(270);
    expect(time.byPeriod).toEqual([expect.objectContaining({ period: 1, minutes: 150 })]);

    const shown = await ctx.app.inject({
      method: "GET",
      url: `/api/order/${id}/hours`,
      headers: { cookie: customer.cookie },
    });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(ClientOrderHours.parse(shown.json())).toMatchObject({ minutes: 150, expectedMinutes: 270 });
    // Another customer's order is not theirs to see.
    const stranger = await createAccount(ctx);
    const refused = await ctx.app.inject({
      method: "GET",
      url: `/api/order/${id}/hours`,
      headers: { cookie: stranger.cookie },
    });
    expect(refused.statusCode).toBe(404);
    const quarter = await editPlan(ctx, owner, extended._id, { expectedHours: 1.1 });
    expect(quarter.statusCode).toBe(400);
  });
});
