import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { placeOrder } from "../../../test/orders.js";
import type { SessionUser } from "../../auth/session.js";
import { jobs, orders, pricingPlans } from "../../db/schema.js";
import { createOrder } from "./service.js";

let ctx: TestContext;
let customers: TestAccount[];
let planIds: string[];

beforeAll(async () => {
  ctx = await createTestApp();
  customers = [];
  for (let index = 0; index < 8; index += 1) customers.push(await createAccount(ctx));
  planIds = (await ctx.db.select({ id: pricingPlans.id }).from(pricingPlans)).map((plan) => plan.id);
}, 60_000);
afterAll(() => ctx.close());

/** The confirmation-mail jobs queued for these orders. */
async function confirmationJobs(ids: string[]) {
  return ctx.db
    .select({ orderId: sql<string>`${jobs.payload}->>'orderId'` })
    .from(jobs)
    .where(and(eq(jobs.kind, "mail.order-placed"), inArray(sql`${jobs.payload}->>'orderId'`, ids)));
}

describe("many orders at the same moment", () => {
  it("stores every order once, with one confirmation job each, and refuses every second copy", async () => {
    expect(planIds.length).toBeGreaterThan(2);
    // Every customer orders every plan twice, all at once.
    const sent = customers.flatMap((customer) =>
      planIds.flatMap((planId) => [0, 1].map(() => ({ customer, planId }))),
    );
    const answers = await Promise.all(
      sent.map(async ({ customer, planId }) => {
        const response = await placeOrder(ctx, customer, planId);
        expect(response.statusCode).toBe(200);
        return { customer, planId, answer: response.json() as { success: boolean; insertedId?: string } };
      }),
    );
    const placed = answers.filter(({ answer }) => answer.success);
    const refused = answers.filter(({ answer }) => !answer.success);
    const pairs = customers.length * planIds.length;
    expect(placed).toHaveLength(pairs);
    expect(refused).toHaveLength(pairs);
    expect(refused.map(({ answer }) => answer)).toEqual(
      refused.map(() => ({ success: false, message: "You have already purchased this service." })),
    );
    // One accepted order for each customer and plan, each answered with its own row.
    expect(new Set(placed.map(({ customer, planId }) => `${customer.id}|${planId}`)).size).toBe(pairs);
    const ids = placed.map(({ answer }) => answer.insertedId as string);
    expect(new Set(ids).size).toBe(pairs);

    const rows = await ctx.db
      .select({ id: orders.id, userId: orders.userId, planId: orders.planId, xid: sql<string>`xmin::text` })
      .from(orders)
      .where(
        inArray(
          orders.userId,
          customers.map((customer) => customer.id),
        ),
      );
    expect(rows).toHaveLength(pairs);
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const { customer, planId, answer } of placed) {
      expect(byId.get(answer.insertedId as string)).toMatchObject({ userId: customer.id, planId });
    }
    const queued = await confirmationJobs(ids);
    expect(queued.map((job) => job.orderId).sort()).toEqual([...ids].sort());
    // The orders shared commits: fewer transactions wrote them than there are orders.
    expect(new Set(rows.map((row) => row.xid)).size).toBeLessThan(pairs);
  });

  it("fails only the order that cannot be stored when it shares a batch with others", async () => {
    const newcomers: TestAccount[] = [];
    for (let index = 0; index < 3; index += 1) newcomers.push(await createAccount(ctx));
    // A customer the database does not know (their account removed after sign-in).
    const ghost: SessionUser = {
      id: "no-such-customer",
      email: "ghost@example.com",
      name: "Ghost",
      image: null,
      role: null,
      emailVerified: true,
      createdAt: new Date(),
      lastLoginAt: null,
    };
    const asUser = (account: TestAccount): SessionUser => ({ ...ghost, ...account, image: null });
    const callers = [...newcomers.map(asUser), ghost, ...newcomers.map(asUser)];
    const results = await Promise.allSettled(
      callers.map((caller, index) =>
        createOrder(ctx.db, caller, {
          serviceId: planIds[index < newcomers.length ? 0 : 1] as string,
          phone: "0123456789",
        }),
      ),
    );
    expect(results.map((result) => result.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "rejected",
      "fulfilled",
      "fulfilled",
      "fulfilled",
    ]);
    const ids = results.flatMap((result) =>
      result.status === "fulfilled" && result.value.success ? [result.value.insertedId as string] : [],
    );
    expect(ids).toHaveLength(6);
    const stored = await ctx.db.select({ id: orders.id }).from(orders).where(inArray(orders.id, ids));
    expect(stored).toHaveLength(6);
    expect(await confirmationJobs(ids)).toHaveLength(6);
    expect(await ctx.db.select().from(orders).where(eq(orders.userId, ghost.id))).toEqual([]);
  });
});
