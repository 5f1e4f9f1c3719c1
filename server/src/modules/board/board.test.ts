import { Board, type BoardColumnState, boardColumnLimit } from "@agency/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { placeOrder, placePaidOrder, planIds } from "../../../test/orders.js";
import { orderEvents, orders, user } from "../../db/schema.js";

let ctx: TestContext;
let owner: TestAccount;
let staff: TestAccount;
let otherStaff: TestAccount;
let namesakes: string[] = [];
let plans: Awaited<ReturnType<typeof planIds>>;

const day = 24 * 60 * 60 * 1000;

/** The orders of this file, by what the tests call them. */
const ids: Record<string, string> = {};
let numbers: Record<string, number> = {};

async function call(account: TestAccount, method: "GET" | "POST", url: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: { cookie: account.cookie }, payload });
}

async function board(account: TestAccount, query = "") {
  const response = await call(account, "GET", `/api/admin/board${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return Board.parse(response.json());
}

/** The order names in each column, in the board's order. */
function namesIn(answer: Board): Record<BoardColumnState, string[]> {
  const byId = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
  return Object.fromEntries(
    answer.columns.map((column) => [column.state, column.cards.map((card) => byId[card._id] ?? card._id)]),
  ) as Record<BoardColumnState, string[]>;
}

const move = (orderId: string, state: "in_progress" | "delivered") =>
  call(owner, "POST", `/api/admin/orders/${orderId}/state`, { state });

async function setOrder(name: string, values: Partial<typeof orders.$inferInsert>) {
  await ctx.db
    .update(orders)
    .set(values)
    .where(eq(orders.id, ids[name] ?? ""));
}

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { role: "owner", name: "Olga Owner" });
  staff = await createAccount(ctx, { role: "staff", name: "Sam Staff" });
  otherStaff = await createAccount(ctx, { role: "staff", name: "Tess Staff" });
  // Not offered in the assignee filter: a member who may not work on orders, and a suspended one.
  await createAccount(ctx, { role: "writer", permissions: "content.edit", name: "Ada Writer" });
  const suspended = await createAccount(ctx, { role: "staff", name: "Sue Suspended" });
  await ctx.db.update(user).set({ suspendedAt: new Date() }).where(eq(user.id, suspended.id));
  // Joined last, first by name; two of the same name, in the order of their ids as the database
  // orders them.
  await createAccount(ctx, { role: "staff", name: "Abe Later" });
  await createAccount(ctx, { role: "staff", name: "Abe Later" });
  namesakes = (
    await ctx.db.select({ id: user.id }).from(user).where(eq(user.name, "Abe Later")).orderBy(user.id)
  ).map((row) => row.id);
  expect(namesakes).toHaveLength(2);
  plans = await planIds(ctx);
  const standard = plans.standardMonthly._id;
  const premium = plans.premiumYearly._id;
  // Each customer holds one order of a plan at a time: a customer per order.
  const paid = async (name: string, plan: string) => {
    const customer = await createAccount(ctx, { name: `Customer ${name}` });
    ids[name] = await placePaidOrder(ctx, customer, plan);
    return customer;
  };
  await paid("urgent", standard);
  await paid("later", standard);
  await paid("undated", premium);
  await paid("working", standard);
  await paid("delivered", premium);
  const approver = await paid("done", standard);
  await paid("doneLongAgo", premium);
  const unpaidCustomer = await createAccount(ctx, { name: "Customer unpaid" });
  ids.unpaid = (await placeOrder(ctx, unpaidCustomer, standard)).json().insertedId;

  for (const name of ["working", "delivered", "done", "doneLongAgo"]) {
    expect((await move(ids[name] ?? "", "in_progress")).statusCode).toBe(200);
  }
  for (const name of ["delivered", "done", "doneLongAgo"]) {
    expect((await move(ids[name] ?? "", "delivered")).statusCode).toBe(200);
  }
  for (const name of ["done", "doneLongAgo"]) {
    const customerOf = name === "done" ? approver : undefined;
    if (customerOf) {
      expect((await call(customerOf, "POST", `/api/order/${ids[name]}/approve`)).statusCode).toBe(200);
    } else {
      await ctx.db
        .update(orders)
        .set({ state: "complete", completedAt: new Date(Date.now() - 8 * day) })
        .where(eq(orders.id, ids[name] ?? ""));
      await ctx.db.insert(orderEvents).values({
        orderId: ids[name] ?? "",
        fromState: "delivered",
        toState: "complete",
        actorName: "Customer doneLongAgo",
        actorRole: "customer",
        createdAt: new Date(Date.now() - 8 * day),
      });
    }
  }

  const now = ctx.clock.now().getTime();
  await setOrder("urgent", { assigneeId: staff.id, dueAt: new Date(now - day) });
  await setOrder("later", { assigneeId: otherStaff.id, dueAt: new Date(now + 3 * day) });
  await setOrder("undated", { assigneeId: null, dueAt: null });
  await setOrder("working", { assigneeId: staff.id, dueAt: new Date(now + day) });
  await setOrder("delivered", { assigneeId: null, dueAt: new Date(now - 2 * day) });
  await setOrder("done", { assigneeId: staff.id, dueAt: new Date(now - 3 * day) });
  const rows = await ctx.db.select({ id: orders.id, number: orders.number }).from(orders);
  numbers = Object.fromEntries(
    Object.entries(ids).map(([name, id]) => [name, rows.find((row) => row.id === id)?.number ?? 0]),
  );
});
afterAll(() => ctx.close());

describe("the work board", () => {
  it("shows paid orders by state, most urgent first, and the orders completed in the last 7 days", async () => {
    const answer = await board(owner);
    expect(answer.columns.map((column) => column.state)).toEqual([
      "submitted",
      "in_progress",
      "delivered",
      "complete",
    ]);
    // Due soonest first, an order without a due date last; the unpaid order is not on the board,
    // nor the one completed 8 days ago.
    expect(namesIn(answer)).toEqual({
      submitted: ["urgent", "later", "undated"],
      in_progress: ["working"],
      delivered: ["delivered"],
      complete: ["done"],
    });
    expect(answer.columns.map((column) => column.total)).toEqual([
      { count: 3, more: false },
      { count: 1, more: false },
      { count: 1, more: false },
      { count: 1, more: false },
    ]);
    expect(answer.onlyAssigned).toBe(false);
    expect(answer.members).toEqual([
      { id: namesakes[0], name: "Abe Later" },
      { id: namesakes[1], name: "Abe Later" },
      { id: owner.id, name: "Olga Owner" },
      { id: staff.id, name: "Sam Staff" },
      { id: otherStaff.id, name: "Tess Staff" },
    ]);
  });

  it("describes each card: customer, plan, assignee, due date, overdue, unread messages and period", async () => {
    const answer = await board(owner);
    const cards = answer.columns.flatMap((column) => column.cards);
    const card = (name: string) => cards.find((each) => each._id === ids[name]);
    expect(card("urgent")).toMatchObject({
      number: numbers.urgent,
      state: "submitted",
      customer: "Customer urgent",
      plan: { id: plans.standardMonthly._id, service: "Standard", duration: "monthly" },
      assignee: { id: staff.id, name: "Sam Staff" },
      overdue: true,
      unread: 0,
      period: 1,
      completedAt: null,
    });
    // Overdue: due before now and not complete.
    expect(card("later")).toMatchObject({
      overdue: false,
      assignee: { id: otherStaff.id, name: "Tess Staff" },
    });
    expect(card("undated")).toMatchObject({ dueAt: null, overdue: false, assignee: null });
    expect(card("delivered")?.overdue).toBe(true);
    expect(card("done")).toMatchObject({ state: "complete", overdue: false });
    expect(card("done")?.completedAt).not.toBeNull();

    // The clock moves on: the order due in three days is overdue then.
    ctx.clock.advance(4 * day);
    const later = (await board(owner)).columns.flatMap((column) => column.cards);
    expect(later.find((each) => each._id === ids.later)?.overdue).toBe(true);
  });

  it("counts the messages the caller has not read, and names the work period", async () => {
    // Two messages from the agency's side the owner did not write: unread for the owner.
    for (const body of ["First question", "Second question"]) {
      expect((await call(staff, "POST", `/api/order/${ids.working}/messages`, { body })).statusCode).toBe(
        200,
      );
    }
    await ctx.db.execute(
      sql`insert into order_periods (order_id, number, started_at, opened_at) values (${ids.working}, 2, now(), now())`,
    );
    const card = (await board(owner)).columns[1]?.cards[0];
    expect(card).toMatchObject({ _id: ids.working, unread: 2, period: 2 });
    // The writer has read what they wrote; the owner reads the thread, and it is read.
    expect((await board(staff)).columns[1]?.cards[0]).toMatchObject({ _id: ids.working, unread: 0 });
    expect((await call(owner, "GET", `/api/order/${ids.working}/messages`)).statusCode).toBe(200);
    expect((await board(owner)).columns[1]?.cards[0]?.unread).toBe(0);
  });

  it("narrows to an assignee, to me, to the unassigned orders and to a plan", async () => {
    expect(namesIn(await board(owner, `?assignee=${staff.id}`))).toEqual({
      submitted: ["urgent"],
      in_progress: ["working"],
      delivered: [],
      complete: ["done"],
    });
    expect(namesIn(await board(owner, "?assignee=none"))).toEqual({
      submitted: ["undated"],
      in_progress: [],
      delivered: ["delivered"],
      complete: [],
    });
    expect(namesIn(await board(owner, "?assignee=me"))).toEqual({
      submitted: [],
      in_progress: [],
      delivered: [],
      complete: [],
    });
    const premium = await board(owner, `?plan=${plans.premiumYearly._id}`);
    expect(namesIn(premium)).toEqual({
      submitted: ["undated"],
      in_progress: [],
      delivered: ["delivered"],
      complete: [],
    });
    expect(premium.columns[0]?.total).toEqual({ count: 1, more: false });
    expect(
      namesIn(await board(owner, `?plan=${plans.standardMonthly._id}&assignee=${otherStaff.id}`)).submitted,
    ).toEqual(["later"]);
  });

  it("shows a member whose role sees only assigned orders their own orders, whatever they ask", async () => {
    const own = await board(staff);
    expect(namesIn(own)).toEqual({
      submitted: ["urgent"],
      in_progress: ["working"],
      delivered: [],
      complete: ["done"],
    });
    expect(own.onlyAssigned).toBe(true);
    expect(own.members).toEqual([]);
    expect(namesIn(await board(staff, `?assignee=${otherStaff.id}`)).submitted).toEqual([]);
    expect(namesIn(await board(staff, "?assignee=none")).delivered).toEqual([]);
    expect(namesIn(await board(otherStaff)).submitted).toEqual(["later"]);
  });

  it("keeps the complete column to the last 7 days and to orders still complete", async () => {
    // Completed, then reopened by a renewal: back in submitted, not complete this week.
    await setOrder("done", { state: "submitted" });
    let answer = namesIn(await board(owner));
    expect(answer.complete).toEqual([]);
    expect(answer.submitted).toContain("done");
    // Completed 6 days ago is still this week; 8 days ago is not.
    await setOrder("done", { state: "complete", completedAt: new Date(ctx.clock.now().getTime() - 6 * day) });
    answer = namesIn(await board(owner));
    expect(answer.complete).toEqual(["done"]);
    ctx.clock.advance(2 * day);
    expect(namesIn(await board(owner)).complete).toEqual([]);
  });

  it("moves a card with the order's state change, and bounds each column", async () => {
    expect((await move(ids.later ?? "", "in_progress")).statusCode).toBe(200);
    expect(namesIn(await board(owner)).in_progress).toEqual(["working", "later"]);
    // A move the workflow does not allow changes nothing.
    expect((await move(ids.undated ?? "", "delivered")).statusCode).toBe(409);
    expect(namesIn(await board(owner)).submitted).toEqual(["urgent", "undated"]);

    // Many more submitted orders than a column shows: the most urgent, and the count.
    const [template] = await ctx.db
      .select()
      .from(orders)
      .where(eq(orders.id, ids.urgent ?? ""));
    if (!template) throw new Error("no order");
    const { id: _id, number: _number, ...copy } = template;
    await ctx.db.insert(orders).values(
      Array.from({ length: boardColumnLimit + 5 }, (_, i) => ({
        ...copy,
        endedAt: new Date(),
        assigneeId: null,
        dueAt: new Date(ctx.clock.now().getTime() + (i + 10) * day),
      })),
    );
    const full = (await board(owner)).columns[0];
    expect(full?.cards).toHaveLength(boardColumnLimit);
    expect(full?.cards[0]?._id).toBe(ids.urgent);
    expect(full?.total).toEqual({ count: boardColumnLimit + 7, more: false });
  });

  it("offers the team as it is at each call: a member who joins, is renamed, suspended or leaves", async () => {
    const offered = async () => (await board(owner)).members.map((member) => member.name);
    const before = await offered();
    const newcomer = await createAccount(ctx, { role: "staff", name: "Zoe Newcomer" });
    expect(await offered()).toEqual([...before, "Zoe Newcomer"]);
    await ctx.db.update(user).set({ name: "Zoe Renamed" }).where(eq(user.id, newcomer.id));
    expect(await offered()).toEqual([...before, "Zoe Renamed"]);
    await ctx.db.update(user).set({ suspendedAt: new Date() }).where(eq(user.id, newcomer.id));
    expect(await offered()).toEqual(before);
    await ctx.db.update(user).set({ suspendedAt: null }).where(eq(user.id, newcomer.id));
    expect(await offered()).toEqual([...before, "Zoe Renamed"]);
    // A role that may not work on orders, then no role at all: not offered either way.
    await ctx.db
      .update(user)
      .set({ role: "writer", permissions: "content.edit" })
      .where(eq(user.id, newcomer.id));
    expect(await offered()).toEqual(before);
    await ctx.db.update(user).set({ role: "staff", permissions: null }).where(eq(user.id, newcomer.id));
    expect(await offered()).toEqual([...before, "Zoe Renamed"]);
    await ctx.db.update(user).set({ role: null }).where(eq(user.id, newcomer.id));
    expect(await offered()).toEqual(before);
  });

  it("refuses a malformed filter with a 400 that names it", async () => {
    for (const query of ["?plan=not-an-id", "?assignee=a%20b", `?assignee=${"x".repeat(101)}`]) {
      const response = await call(owner, "GET", `/api/admin/board${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    // An unknown member's id is a filter that matches nothing.
    const answer = await board(owner, "?assignee=nobody-here");
    expect(answer.columns.every((column) => column.cards.length === 0)).toBe(true);
  });
});
