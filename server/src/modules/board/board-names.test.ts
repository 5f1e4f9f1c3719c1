import { Board } from "@agency/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { placePaidOrder, planIds } from "../../../test/orders.js";
import { companies, orders, user } from "../../db/schema.js";

// The names on the board's cards: the companies' and the assignees' as they are now, though the
// board keeps them between calls (docs/decisions/044-the-board-names-what-it-keeps.md).

let ctx: TestContext;
let owner: TestAccount;
let plans: Awaited<ReturnType<typeof planIds>>;

const day = 24 * 60 * 60 * 1000;

async function board(account: TestAccount) {
  const response = await ctx.app.inject({
    method: "GET",
    url: "/api/admin/board",
    headers: { cookie: account.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return Board.parse(response.json());
}

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { role: "owner", name: "Olga Owner" });
  plans = await planIds(ctx);
});
afterAll(() => ctx.close());

describe("the names on the work board's cards", () => {
  it("names each card's assignee as they are now, on the team or since gone from it", async () => {
    const member = await createAccount(ctx, { role: "staff", name: "Vic Assignee" });
    const customer = await createAccount(ctx, { name: "Customer of Vic" });
    const orderId = await placePaidOrder(ctx, customer, plans.standardMonthly._id);
    // Due long ago: the most urgent card of its column.
    const dueAt = new Date(ctx.clock.now().getTime() - 365 * day);
    await ctx.db.update(orders).set({ assigneeId: member.id, dueAt }).where(eq(orders.id, orderId));
    const assigneeOnCard = async (account: TestAccount) =>
      (await board(account)).columns.flatMap((column) => column.cards).find((card) => card._id === orderId)
        ?.assignee;
    expect(await assigneeOnCard(owner)).toEqual({ id: member.id, name: "Vic Assignee" });
    await ctx.db.update(user).set({ name: "Vic Renamed" }).where(eq(user.id, member.id));
    expect(await assigneeOnCard(owner)).toEqual({ id: member.id, name: "Vic Renamed" });
    // As the assignee sees it: only their own orders, their own name.
    expect(await assigneeOnCard(member)).toEqual({ id: member.id, name: "Vic Renamed" });
    // Suspended, then without a role: no longer on the team, still named on their orders.
    await ctx.db.update(user).set({ suspendedAt: new Date() }).where(eq(user.id, member.id));
    expect(await assigneeOnCard(owner)).toEqual({ id: member.id, name: "Vic Renamed" });
    await ctx.db.update(user).set({ suspendedAt: null, role: null }).where(eq(user.id, member.id));
    expect(await assigneeOnCard(owner)).toEqual({ id: member.id, name: "Vic Renamed" });
    // A rename off the team counts no change to the team, and shows all the same.
    await ctx.db.update(user).set({ name: "Vic Customer" }).where(eq(user.id, member.id));
    expect(await assigneeOnCard(owner)).toEqual({ id: member.id, name: "Vic Customer" });
  });

  it("names each card's company as it is now", async () => {
    const customer = await createAccount(ctx, { name: "Customer of a company" });
    const orderId = await placePaidOrder(ctx, customer, plans.standardMonthly._id);
    const dueAt = new Date(ctx.clock.now().getTime() - 365 * day);
    await ctx.db.update(orders).set({ dueAt }).where(eq(orders.id, orderId));
    const [placed] = await ctx.db
      .select({ companyId: orders.companyId })
      .from(orders)
      .where(eq(orders.id, orderId));
    const companyId = placed?.companyId ?? "";
    const companyOnCard = async () =>
      (await board(owner)).columns.flatMap((column) => column.cards).find((card) => card._id === orderId)
        ?.company;
    expect(await companyOnCard()).toEqual({ id: companyId, name: "Customer of a company" });
    for (const name of ["Renamed Ltd", "Renamed again Ltd"]) {
      await ctx.db.update(companies).set({ name }).where(eq(companies.id, companyId));
      expect(await companyOnCard()).toEqual({ id: companyId, name });
    }
    // A change to its other details leaves the name as it is.
    await ctx.db.update(companies).set({ address: "1 Main St" }).where(eq(companies.id, companyId));
    expect(await companyOnCard()).toEqual({ id: companyId, name: "Renamed again Ltd" });
  });
});
