import { RuleList } from "@agency/contract";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { runJobs } from "../../../test/jobs.js";
import { editPlan, placePaidOrder, planIds } from "../../../test/orders.js";
import { addWebhookEndpoint } from "../../../test/webhook-endpoints.js";
import { rowsOf } from "../../db/rows.js";
import { automationRuns, messages, orders, user, webhookEvents } from "../../db/schema.js";
import { addPersonToCompany } from "../companies/index.js";
import { runRule } from "./engine.js";
import { openLoadOf } from "./queries.js";

// Rules in a form: "when <event> [and <condition>], do <action>", run through the job queue once
// per event.

let ctx: TestContext;
let owner: TestAccount;
let team: TestAccount[];
let plans: Awaited<ReturnType<typeof planIds>>;

const call = (
  account: TestAccount,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: object,
) => ctx.app.inject({ method, url: `/api/admin${url}`, headers: { cookie: account.cookie }, payload });

async function writeRule(payload: object): Promise<string> {
  const response = await call(owner, "POST", "/automations", payload);
  expect(response.statusCode, response.body).toBe(200);
  const list = RuleList.parse(response.json());
  return list.find((rule) => rule.name === (payload as { name: string }).name)?._id ?? "";
}

const pause = (id: string) => call(owner, "POST", `/automations/${id}/pause`, { paused: true });
const assigneeOf = async (orderId: string) =>
  (await ctx.db.select({ assigneeId: orders.assigneeId }).from(orders).where(eq(orders.id, orderId)))[0]
    ?.assigneeId;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { role: "owner", name: "Olive Owner" });
  team = [
    await createAccount(ctx, { role: "staff", name: "Ann" }),
    await createAccount(ctx, { role: "staff", name: "Ben" }),
    await createAccount(ctx, { role: "staff", name: "Cat" }),
  ];
  plans = await planIds(ctx);
});
afterAll(() => ctx.close());

describe("rules", () => {
  it("assigns 30 paid orders round-robin over 3 members, 10 each, and says so in its runs", async () => {
    const rule = await writeRule({
      name: "Round robin",
      trigger: "order_paid",
      actions: [{ type: "assign", mode: "round_robin", memberIds: team.map((member) => member.id) }],
    });
    // Thirty customers order and pay, five at a time; the rule's runs then take their turns.
    const placed: string[] = [];
    for (let batch = 0; batch < 6; batch++) {
      placed.push(
        ...(await Promise.all(
          Array.from({ length: 5 }, async () =>
            placePaidOrder(ctx, await createAccount(ctx), plans.standardMonthly._id),
          ),
        )),
      );
    }
    await runJobs(ctx);
    const counts = new Map<string, number>();
    for (const id of placed) {
      const assignee = (await assigneeOf(id)) ?? "nobody";
      counts.set(assignee, (counts.get(assignee) ?? 0) + 1);
    }
    expect(team.map((member) => counts.get(member.id))).toEqual([10, 10, 10]);
    const listed = RuleList.parse((await call(owner, "GET", "/automations")).json()).find(
      (item) => item._id === rule,
    );
    expect(listed?.runs).toHaveLength(5);
    expect(listed?.runs[0]?.outcome).toMatch(/^assigned to /);
    expect(await ctx.db.$count(automationRuns, eq(automationRuns.ruleId, rule))).toBe(30);
    expect((await pause(rule)).statusCode).toBe(200);
  }, 60_000);

  it("gives the order to the member with the fewest open hours", async () => {
    const premium = plans.premiumYearly;
    expect((await editPlan(ctx, owner, premium._id, { expectedHours: 5 })).statusCode).toBe(200);
    // Ann has two open Premium orders (10 hours), Ben one (5), Cat none of Premium but many small ones.
    for (const [member, count] of [
      [team[0], 2],
      [team[1], 1],
    ] as const) {
      for (let index = 0; index < count; index++) {
        const id = await placePaidOrder(ctx, await createAccount(ctx), premium._id);
        await call(owner, "PUT", `/orders/${id}/assignee`, { assigneeId: member?.id });
      }
    }
    const rule = await writeRule({
      name: "Least loaded, Premium",
      trigger: "order_paid",
      planId: premium._id,
      actions: [{ type: "assign", mode: "least_loaded", memberIds: [team[0]?.id, team[1]?.id] }],
    });
    const standard = await placePaidOrder(ctx, await createAccount(ctx), plans.standardMonthly._id);
    const fresh = await placePaidOrder(ctx, await createAccount(ctx), premium._id);
    await runJobs(ctx);
    expect(await assigneeOf(fresh)).toBe(team[1]?.id);
    // Its condition: a Standard order is left as it was.
    expect(await assigneeOf(standard)).toBeNull();
    // The load comes from kept counts; the orders themselves say the same.
    const ids = team.map((member) => member.id);
    const slow = await rowsOf<{ id: string; open: number; minutes: number }>(
      ctx.db,
      sql`
      select o.assignee_id as id, count(*)::int as open, coalesce(sum(p.expected_minutes), 0)::int as minutes
      from orders o left join pricing_plans p on p.id = o.plan_id
      where o.state in ('submitted', 'in_progress', 'delivered') and o.assignee_id = any(${sql.param(ids)}::text[])
      group by o.assignee_id`,
    );
    const expected = ids.map((id) => {
      const row = slow.find((each) => each.id === id);
      return { memberId: id, open: row?.open ?? 0, minutes: row?.minutes ?? 0 };
    });
    expect(await openLoadOf(ctx.db, ids)).toEqual(expected);
    expect(expected[1]?.minutes).toBe(600);
    await pause(rule);
  });

  it("runs once per event, also when its job runs again after a worker died, and posts the template", async () => {
    const template = (
      await call(owner, "POST", "/templates", {
        name: "Welcome",
        body: "Welcome {{customer.name}}, {{member.name}} here.",
      })
    ).json()[0];
    const rule = await writeRule({
      name: "Welcome",
      trigger: "order_paid",
      actions: [
        { type: "assign", mode: "member", memberIds: [team[2]?.id] },
        { type: "post_message", templateId: template._id },
        { type: "set_due", days: 7 },
      ],
    });
    const orderId = await placePaidOrder(
      ctx,
      await createAccount(ctx, { name: "Dora Client" }),
      plans.standardMonthly._id,
    );
    await runJobs(ctx);
    const [run] = await ctx.db.select().from(automationRuns).where(eq(automationRuns.ruleId, rule));
    expect(run?.outcome).toMatch(/^assigned to .*; message posted; due \d{4}-\d{2}-\d{2}$/);
    // The same job again (its worker died after the work committed, and its lease lapsed).
    await runRule(ctx.db, ctx.clock, { ruleId: rule, orderId, eventKey: run?.eventKey ?? "" });
    expect(await ctx.db.$count(automationRuns, eq(automationRuns.ruleId, rule))).toBe(1);
    const posted = await ctx.db.select().from(messages).where(eq(messages.orderId, orderId));
    expect(posted.map((message) => message.body)).toEqual(["Welcome Dora Client, Olive Owner here."]);
    const [order] = await ctx.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), isNotNull(orders.dueAt)));
    expect(order?.assigneeId).toBe(team[2]?.id);
    await pause(rule);
  });

  it("reminds when a delivery has waited N days for approval, not when it was answered", async () => {
    const template = (await call(owner, "GET", "/templates")).json()[0];
    const rule = await writeRule({
      name: "Nudge",
      trigger: "approval_waiting",
      waitDays: 3,
      actions: [{ type: "post_message", templateId: template._id }],
    });
    const waiting = await placePaidOrder(
      ctx,
      await createAccount(ctx, { name: "Eve Waiting" }),
      plans.standardMonthly._id,
    );
    for (const state of ["in_progress", "delivered"]) {
      expect((await call(owner, "POST", `/orders/${waiting}/state`, { state })).statusCode).toBe(200);
    }
    await runJobs(ctx);
    expect(await ctx.db.$count(automationRuns, eq(automationRuns.ruleId, rule))).toBe(0);
    ctx.clock.advance(4 * 86_400_000);
    await runJobs(ctx);
    expect(await ctx.db.$count(automationRuns, eq(automationRuns.ruleId, rule))).toBe(1);
  });

  it("refuses a rule without actions or members, and a member who may not manage rules", async () => {
    expect(
      (await call(owner, "POST", "/automations", { name: "Empty", trigger: "order_paid", actions: [] }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call(owner, "POST", "/automations", {
          name: "No one",
          trigger: "order_paid",
          actions: [{ type: "assign", mode: "round_robin", memberIds: [] }],
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call(owner, "POST", "/automations", {
          name: "Wait",
          trigger: "approval_waiting",
          actions: [{ type: "set_due", days: 1 }],
        })
      ).statusCode,
    ).toBe(400);
    expect((await call(team[0] as TestAccount, "GET", "/automations")).statusCode).toBe(403);
  });

  it("makes the company's Billing people follow a paid order's mails", async () => {
    const rule = await writeRule({
      name: "Billing follows",
      trigger: "order_paid",
      actions: [{ type: "add_follower", role: "billing" }],
    });
    const buyer = await createAccount(ctx, { name: "Fay Buyer" });
    const orderId = await placePaidOrder(ctx, buyer, plans.standardMonthly._id);
    const [order] = await ctx.db
      .select({ companyId: orders.companyId })
      .from(orders)
      .where(eq(orders.id, orderId));
    const accountant = await createAccount(ctx, { name: "Gus Accountant" });
    await ctx.db.transaction((tx) =>
      addPersonToCompany(tx, {
        companyId: order?.companyId ?? "",
        userId: accountant.id,
        companyRole: "billing",
      }),
    );
    // The rule runs once the worker gets to it: the accountant has joined by then.
    await runJobs(ctx);
    const followers = await ctx.app.inject({
      method: "GET",
      url: `/api/order/${orderId}/followers`,
      headers: { cookie: buyer.cookie },
    });
    expect(
      (followers.json() as { followers: { name: string }[] }).followers.map((person) => person.name),
    ).toContain("Gus Accountant");
    const [run] = await ctx.db.select().from(automationRuns).where(eq(automationRuns.ruleId, rule));
    expect(run?.outcome).toBe("1 billing person follows");
    await pause(rule);
  });

  it("tells the shop's chats, its variables filled in for the order, and refuses an unknown variable", async () => {
    await addWebhookEndpoint(ctx, owner, { kind: "chat", url: "https://chat.example.com/hooks/agency" });
    const unknown = await call(owner, "POST", "/automations", {
      name: "Bad notice",
      trigger: "order_paid",
      actions: [{ type: "chat_notice", text: "Paid: {{order.colour}}" }],
    });
    expect(unknown.statusCode).toBe(400);
    const rule = await writeRule({
      name: "Tell the chat",
      trigger: "order_paid",
      actions: [{ type: "chat_notice", text: "{{customer.name}} paid {{order.number}}" }],
    });
    const orderId = await placePaidOrder(
      ctx,
      await createAccount(ctx, { name: "Hal Payer" }),
      plans.standardMonthly._id,
    );
    await runJobs(ctx);
    const notices = await ctx.db.select().from(webhookEvents).where(eq(webhookEvents.type, "rule.notice"));
    expect(notices).toHaveLength(1);
    expect(JSON.parse(notices[0]?.body ?? "{}").data).toEqual({
      text: expect.stringMatching(/^Hal Payer paid #\d+$/),
      orderId,
    });
    await pause(rule);
  });

  it("lists a run that failed for good, its author gone from the team, and runs again when retried", async () => {
    const author = await createAccount(ctx, { role: "admin", name: "Ida Leaving" });
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/admin/automations",
      headers: { cookie: author.cookie },
      payload: { name: "Left behind", trigger: "delivered", actions: [{ type: "set_due", days: 2 }] },
    });
    const rule = RuleList.parse(response.json()).find((item) => item.name === "Left behind")?._id ?? "";
    const orderId = await placePaidOrder(ctx, await createAccount(ctx), plans.standardMonthly._id);
    await ctx.db.update(user).set({ suspendedAt: new Date() }).where(eq(user.id, author.id));
    const payload = { ruleId: rule, orderId, eventKey: "delivered:test" };
    await expect(runRule(ctx.db, ctx.clock, payload, { attempts: 1, maxAttempts: 3 })).rejects.toThrow();
    expect(await ctx.db.$count(automationRuns, eq(automationRuns.ruleId, rule))).toBe(0);
    await expect(runRule(ctx.db, ctx.clock, payload, { attempts: 3, maxAttempts: 3 })).rejects.toThrow();
    const listed = RuleList.parse((await call(owner, "GET", "/automations")).json()).find(
      (item) => item._id === rule,
    );
    expect(listed?.runs.map((run) => run.outcome)).toEqual([
      "failed: The rule's author is no longer in the team.",
    ]);
    // Back in the team, an admin's retry runs it.
    await ctx.db.update(user).set({ suspendedAt: null }).where(eq(user.id, author.id));
    await runRule(ctx.db, ctx.clock, payload, { attempts: 1, maxAttempts: 3 });
    expect(await ctx.db.$count(automationRuns, eq(automationRuns.ruleId, rule))).toBe(2);
  });
});
