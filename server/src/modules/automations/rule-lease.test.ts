import { RuleList } from "@agency/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { placePaidOrder, planIds } from "../../../test/orders.js";
import type { Database } from "../../db/client.js";
import { automationRuns, jobs, messages, orders } from "../../db/schema.js";
import { createJobRuntime } from "../../job-runtime.js";

// A rule fires once per event even when the worker running it dies: its job's lease lapses, another
// worker takes the job and finds the run already written.

let ctx: TestContext;
let owner: TestAccount;
let member: TestAccount;

const quiet = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => quiet };
const lease = { leaseMs: 1500, heartbeatMs: 100, shutdownGraceMs: 10 };

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { role: "owner", name: "Olive Owner" });
  member = await createAccount(ctx, { role: "staff", name: "Ann" });
});
afterAll(() => ctx.close());

const admin = (method: "GET" | "POST", url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/admin${url}`, headers: { cookie: owner.cookie }, payload });

const ruleJob = async () => (await ctx.db.select().from(jobs).where(eq(jobs.kind, "automation.run")))[0];

describe("a rule's run when its worker dies", () => {
  it("is done once: the worker dies after the run commits, and the next one changes nothing", async () => {
    const template = (
      await admin("POST", "/templates", { name: "Welcome", body: "Welcome {{customer.name}}." })
    ).json()[0];
    const written = await admin("POST", "/automations", {
      name: "Welcome and assign",
      trigger: "order_paid",
      actions: [
        { type: "assign", mode: "member", memberIds: [member.id] },
        { type: "post_message", templateId: template._id },
        { type: "set_due", days: 7 },
      ],
    });
    expect(written.statusCode, written.body).toBe(200);
    const ruleId = RuleList.parse(written.json())[0]?._id ?? "";
    const orderId = await placePaidOrder(
      ctx,
      await createAccount(ctx, { name: "Dora Client" }),
      (await planIds(ctx)).standardMonthly._id,
    );
    const runs = () => ctx.db.$count(automationRuns, eq(automationRuns.ruleId, ruleId));

    // The first worker's process is killed right after the rule's transaction commits, before the
    // job is marked done: every later statement of it fails, its lease is no longer renewed.
    let killed = false;
    const dying = new Proxy(ctx.db, {
      get(target, property) {
        if (killed) throw new Error("the process is gone");
        if (property !== "transaction") return Reflect.get(target, property, target);
        return async (...args: Parameters<Database["transaction"]>) => {
          const result = await target.transaction(...args);
          if ((await runs()) > 0) killed = true;
          return result;
        };
      },
    });
    const victim = createJobRuntime({
      db: dying,
      config: ctx.config,
      log: quiet as never,
      clock: ctx.clock,
      ...lease,
    });
    victim.worker.start();
    await expect.poll(() => killed, { timeout: 10_000, interval: 20 }).toBe(true);
    expect((await ruleJob())?.status).toBe("running");

    const survivor = createJobRuntime({
      db: ctx.db,
      config: ctx.config,
      log: quiet as never,
      clock: ctx.clock,
      ...lease,
    });
    survivor.worker.start();
    try {
      await expect
        .poll(async () => (await ruleJob())?.status, { timeout: 15_000, interval: 50 })
        .toBe("done");
      expect((await ruleJob())?.attempts).toBe(2);
    } finally {
      await survivor.stop();
      await victim.stop().catch(() => {});
    }
    expect(await runs()).toBe(1);
    const posted = await ctx.db.select().from(messages).where(eq(messages.orderId, orderId));
    expect(posted.map((message) => message.body)).toEqual(["Welcome Dora Client."]);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.assigneeId).toBe(member.id);
    expect(order?.dueAt).not.toBeNull();
  });
});
