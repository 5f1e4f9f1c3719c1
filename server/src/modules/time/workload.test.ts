import { Workload } from "@agency/contract";
import { and, eq, inArray, isNotNull, lt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { editPlan, placePaidOrder, planIds } from "../../../test/orders.js";
import { orders } from "../../db/schema.js";

// The workload: each member's open orders, the hours due this week against their capacity, and
// the hours they logged; an overloaded member stands out.

let ctx: TestContext;
let owner: TestAccount;
let designer: TestAccount;
let writer: TestAccount;
let writerOrder: string;

const call = (account: TestAccount, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/admin${url}`, headers: { cookie: account.cookie }, payload });

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { role: "owner" });
  designer = await createAccount(ctx, { role: "staff", name: "Dana Designer" });
  writer = await createAccount(ctx, { role: "staff", name: "Wes Writer" });
  const plans = await planIds(ctx);
  const premium = plans.premiumYearly;
  // Premium's work takes 6 hours a period.
  const saved = await editPlan(ctx, owner, premium._id, { expectedHours: 6 });
  expect(saved.statusCode, saved.body).toBe(200);
  // The designer has two Premium orders due this week, and one overdue.
  // An hour from now, or the week's last minute when that is sooner (Monday 00:00 UTC starts a week).
  const midnight = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`);
  const weekEnd = midnight + (7 - ((new Date(midnight).getUTCDay() + 6) % 7)) * 86_400_000;
  const dueThisWeek = new Date(Math.min(Date.now() + 3_600_000, weekEnd - 60_000));
  for (const due of [dueThisWeek, dueThisWeek, new Date(Date.now() - 30 * 86_400_000)]) {
    const id = await placePaidOrder(ctx, await createAccount(ctx), premium._id);
    expect((await call(owner, "PUT", `/orders/${id}/assignee`, { assigneeId: designer.id })).statusCode).toBe(
      200,
    );
    expect((await call(owner, "PUT", `/orders/${id}/due`, { dueAt: due.toISOString() })).statusCode).toBe(
      200,
    );
  }
  const today = new Date().toISOString().slice(0, 10);
  writerOrder = await placePaidOrder(ctx, await createAccount(ctx), plans.standardMonthly._id);
  await call(owner, "PUT", `/orders/${writerOrder}/assignee`, { assigneeId: writer.id });
  await call(owner, "POST", `/orders/${writerOrder}/time`, { day: today, minutes: 50 });
  await call(writer, "POST", `/orders/${writerOrder}/time`, { day: today, minutes: 70 });
});
afterAll(() => ctx.close());

const memberOf = (workload: Workload, id: string) =>
  workload.members.find((member) => member.memberId === id);

describe("the workload", () => {
  it("sets each member's hours due this week against their capacity, and says who is overloaded", async () => {
    const first = Workload.parse((await call(owner, "GET", "/workload")).json());
    expect(memberOf(first, designer.id)?.overdueOrders).toBeGreaterThanOrEqual(1);
    expect(memberOf(first, designer.id)).toMatchObject({
      openOrders: 3,
      dueMinutes: 720,
      capacityMinutes: 2400,
      overloaded: false,
    });
    expect(memberOf(first, writer.id)).toMatchObject({ openOrders: 1, loggedMinutes: 70 });
    expect(memberOf(first, owner.id)?.loggedMinutes).toBe(50);

    const set = await call(owner, "PUT", `/workload/${designer.id}/capacity`, { hours: 10 });
    expect(set.statusCode, set.body).toBe(200);
    expect(memberOf(Workload.parse(set.json()), designer.id)).toMatchObject({
      capacityMinutes: 600,
      overloaded: true,
    });
  });

  it("keeps each member's open and overdue orders as orders are moved, cancelled and dated", async () => {
    // What the orders themselves say, counted the slow way.
    const counted = async (memberId: string) => {
      const open = and(
        eq(orders.assigneeId, memberId),
        inArray(orders.state, ["submitted", "in_progress", "delivered"]),
      );
      return {
        openOrders: await ctx.db.$count(orders, open),
        overdueOrders: await ctx.db.$count(
          orders,
          and(open, isNotNull(orders.dueAt), lt(orders.dueAt, new Date())),
        ),
      };
    };
    const read = async () => Workload.parse((await call(owner, "GET", "/workload")).json());
    const designerOrder = await placePaidOrder(
      ctx,
      await createAccount(ctx),
      (await planIds(ctx)).standardMonthly._id,
    );
    const moves: [string, object][] = [
      [`/orders/${writerOrder}/assignee`, { assigneeId: designer.id }],
      [`/orders/${writerOrder}/due`, { dueAt: new Date(Date.now() - 86_400_000).toISOString() }],
      [`/orders/${designerOrder}/assignee`, { assigneeId: designer.id }],
      [`/orders/${designerOrder}/due`, { dueAt: new Date(Date.now() - 86_400_000).toISOString() }],
      [`/orders/${designerOrder}/state`, { state: "in_progress" }],
      [`/orders/${designerOrder}/cancel`, { note: "Not needed after all" }],
      [`/orders/${writerOrder}/due`, { dueAt: null }],
    ];
    for (const [url, body] of moves) {
      const moved = await call(
        owner,
        url.endsWith("/cancel") || url.endsWith("/state") ? "POST" : "PUT",
        url,
        body,
      );
      expect(moved.statusCode, `${url}: ${moved.body}`).toBe(200);
      const now = await read();
      for (const member of [designer, writer]) {
        expect(memberOf(now, member.id), url).toMatchObject(await counted(member.id));
      }
    }
    expect(memberOf(await read(), writer.id)?.openOrders).toBe(0);
    expect(memberOf(await read(), designer.id)?.openOrders).toBe(4);
  });

  it("is for those who assign the work, and refuses a bad capacity or someone not in the team", async () => {
    expect((await call(designer, "GET", "/workload")).statusCode).toBe(403);
    expect((await call(owner, "PUT", `/workload/${designer.id}/capacity`, { hours: 200 })).statusCode).toBe(
      400,
    );
    expect((await call(owner, "PUT", `/workload/${designer.id}/capacity`, { hours: 7.1 })).statusCode).toBe(
      400,
    );
    const customer = await createAccount(ctx);
    expect((await call(owner, "PUT", `/workload/${customer.id}/capacity`, { hours: 20 })).statusCode).toBe(
      404,
    );
  });
});
