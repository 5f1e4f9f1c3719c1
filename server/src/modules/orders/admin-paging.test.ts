import { maxOffsetRows } from "@agency/contract";
import { count, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { payWithTestCard, placeOrder, planIds } from "../../../test/orders.js";
import { orders, user } from "../../db/schema.js";

let ctx: TestContext;
let admin: TestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, { admin: true });
});
afterAll(() => ctx.close());

type Listed = { _id: string };
type OrderPage = {
  orders: Listed[];
  nextCursor: string | null;
  previousCursor: string | null;
  counts: { total: number; paid: number; unpaid: number };
};

async function adminGet(url: string) {
  return ctx.app.inject({ method: "GET", url, headers: { cookie: admin.cookie } });
}

async function ordersPage(query: string): Promise<OrderPage> {
  const response = await adminGet(`/api/orders?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The ids of every order as the list must show them: newest first, ties broken by id. */
async function ordersInDatabase(): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map((row) => row.id);
}

/** Customers and their orders written straight into the database, many at the very same moment. */
async function insertOrders(customers: number, prefix: string) {
  await ctx.db.execute(sql`
    insert into "user" (id, name, email, email_verified)
    select ${prefix} || g, 'Paged customer ' || g, ${prefix} || g || '@example.com', true
    from generate_series(1, ${customers}::int) g`);
  // Three distinct moments for all of them: the id alone orders the rows of one moment.
  await ctx.db.execute(sql`
    insert into orders (user_id, plan_id, email, name, service, service_duration, price_cents, phone, created_at)
    select u.id, p.id, u.email, u.name, p.service, p.duration, p.new_price_cents, '0123456789',
           timestamptz '2026-01-01 12:00:00.123456+00' - (abs(hashtext(u.id || p.id)) % 3) * interval '1 second'
    from "user" u cross join pricing_plans p
    where u.id like ${`${prefix}%`}`);
}

describe("All Orders at any depth", () => {
  it("keeps the counts exact while customers order, pay and delete at the same time", async () => {
    const plans = await planIds(ctx);
    const customers = await Promise.all(Array.from({ length: 4 }, () => createAccount(ctx)));
    const planList = [plans.standardMonthly, plans.premiumYearly];
    const placed = await Promise.all(
      customers.flatMap((customer) =>
        planList.map(async (plan) => ({
          customer,
          id: (await placeOrder(ctx, customer, plan._id)).json().insertedId as string,
        })),
      ),
    );
    // The same order twice at once is stored once.
    const again = await Promise.all(
      customers.map((customer) => placeOrder(ctx, customer, plans.standardMonthly._id)),
    );
    expect(again.map((response) => response.json().success)).toEqual([false, false, false, false]);

    // Every customer pays their first order and deletes their second, all at once.
    const results = await Promise.all(
      customers.flatMap((customer) => {
        const [first, second] = placed.filter((order) => order.customer === customer);
        return [
          payWithTestCard(ctx, customer, first?.id ?? ""),
          ctx.app.inject({
            method: "DELETE",
            url: `/api/order/${second?.id}`,
            headers: { cookie: customer.cookie },
          }),
        ];
      }),
    );
    expect(results.map((response) => response.statusCode)).toEqual(results.map(() => 200));

    const [stored] = await ctx.db
      .select({ total: count(), paid: sql<number>`count(*) filter (where ${orders.paid})`.mapWith(Number) })
      .from(orders);
    expect(stored).toEqual({ total: 4, paid: 4 });
    expect((await ordersPage("page=0&size=20")).counts).toEqual({ total: 4, paid: 4, unpaid: 0 });

    // Removing an account removes its orders (a cascade), and they leave the counts too.
    const leaving = await createAccount(ctx);
    await placeOrder(ctx, leaving, plans.standardMonthly._id);
    expect((await ordersPage("page=0&size=20")).counts).toEqual({ total: 5, paid: 4, unpaid: 1 });
    expect((await adminGet("/api/users?size=200")).json().total).toBe(6);
    await ctx.db.delete(user).where(eq(user.id, leaving.id));
    expect((await ordersPage("page=0&size=20")).counts).toEqual({ total: 4, paid: 4, unpaid: 0 });
    const users = (await adminGet("/api/users?size=200")).json();
    expect(users.total).toBe(5);
    expect(users.users).toHaveLength(5);
  });

  it("pages with cursors through every order exactly once, newest first, both ways", async () => {
    await insertOrders(9, "paged-");
    const expected = await ordersInDatabase();
    expect(expected.length).toBeGreaterThan(40);

    const forward: string[] = [];
    let page = await ordersPage("size=7");
    expect(page.previousCursor).toBeNull();
    for (;;) {
      forward.push(...page.orders.map((order) => order._id));
      if (!page.nextCursor) break;
      page = await ordersPage(`size=7&after=${page.nextCursor}`);
    }
    expect(forward).toEqual(expected);

    // From the last page back to the first, the same rows in the same order.
    const backward: string[][] = [page.orders.map((order) => order._id)];
    while (page.previousCursor) {
      page = await ordersPage(`size=7&before=${page.previousCursor}`);
      backward.unshift(page.orders.map((order) => order._id));
    }
    expect(backward.flat()).toEqual(expected);
    expect(backward[0]).toHaveLength(7);

    // A numbered page shows what the cursors reach.
    expect((await ordersPage("page=2&size=7")).orders.map((order) => order._id)).toEqual(
      expected.slice(14, 21),
    );
  });

  it("neither repeats nor skips an order when others are placed or deleted between pages", async () => {
    const before = await ordersInDatabase();
    const first = await ordersPage("size=5");
    // A new order (newest of all, so on no later page) and a deletion further down.
    const gone = before[20] ?? "";
    await ctx.db.delete(orders).where(eq(orders.id, gone));
    const plans = await planIds(ctx);
    const customer = await createAccount(ctx);
    expect((await placeOrder(ctx, customer, plans.standardMonthly._id)).json().success).toBe(true);

    const seen = first.orders.map((order) => order._id);
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await ordersPage(`size=5&after=${cursor}`);
      seen.push(...page.orders.map((order) => order._id));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(before.filter((id) => id !== gone));
  });

  it("answers every size and filter alike once more of them were asked for than are kept", async () => {
    // Each size and filter is a statement kept for its shape, up to `maxKeptStatements`; past
    // that the list runs unkept statements, with the same answers.
    const every = await ordersInDatabase();
    expect(every.length).toBeGreaterThan(2);
    const paid = (await ordersPage("size=100&paid=true")).orders.map((order) => order._id);
    for (let size = 1; size <= 100; size += 1) {
      for (const [filter, expected] of [
        ["", every],
        ["&paid=true", paid],
        ["&paid=true&from=2000-01-01", paid],
      ] as const) {
        const page = await ordersPage(`size=${size}${filter}`);
        expect(
          page.orders.map((order) => order._id),
          `${size}${filter}`,
        ).toEqual(expected.slice(0, size));
      }
    }
  });

  it("refuses pages too large or too deep with a 400 that says why", async () => {
    const tooLarge = await adminGet("/api/orders?size=101");
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().error.fields).toHaveProperty("size");
    expect((await adminGet("/api/users?size=201")).statusCode).toBe(400);
    expect((await adminGet("/api/admin/leads?size=201")).statusCode).toBe(400);
    expect((await adminGet("/api/manage-reviews?page=0&size=51")).statusCode).toBe(400);

    const deepest = maxOffsetRows / 20;
    expect((await adminGet(`/api/orders?page=${deepest}&size=20`)).statusCode).toBe(200);
    const tooDeep = await adminGet(`/api/orders?page=${deepest + 1}&size=20`);
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().error.message).toBe(
      "Invalid page: is more than 10,000 rows deep; follow nextCursor with after instead",
    );
    expect((await adminGet(`/api/manage-reviews?page=${maxOffsetRows}&size=5`)).statusCode).toBe(400);
  });

  it("answers a cursor it did not hand out with a 400, not a failure", async () => {
    const cursor = (text: string) => Buffer.from(text, "utf8").toString("base64url");
    const uuid = "00000000-0000-4000-8000-000000000000";
    const refused = [
      "/api/orders?after=not%20a%20cursor",
      `/api/orders?after=${cursor("hello")}`,
      `/api/orders?before=${cursor(`2026-02-30T00:00:00.000000Z|${uuid}`)}`,
      `/api/orders?after=${cursor(`2026-13-01T00:00:00.000000Z|${uuid}`)}`,
      `/api/orders?after=${cursor(`0000-01-01T00:00:00.000000Z|${uuid}`)}`,
      `/api/orders?after=${cursor("2026-01-01T00:00:00.000000Z|not-a-uuid")}`,
      `/api/orders?after=${cursor(`2026-01-01T00:00:00.000000Z|${uuid}`)}&before=${cursor(`2026-01-01T00:00:00.000000Z|${uuid}`)}`,
      `/api/users?after=${cursor("2026-01-01T00:00:00.000000Z|x';drop")}`,
      `/api/admin/leads?before=${cursor("2026-01-01T00:00:00Z|x")}`,
    ];
    for (const url of refused) {
      const response = await adminGet(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code).toBe("bad_request");
    }
    expect((await adminGet(`/api/orders?after=${cursor("hello")}`)).json().error.message).toBe(
      "The page cursor is not valid: open the first page of the list again.",
    );
    // A well-formed cursor past the oldest order is simply the end of the list.
    const end = (await ordersPage(`after=${cursor(`1970-01-02T00:00:00.000000Z|${uuid}`)}`)).orders;
    expect(end).toEqual([]);
  });

  it("pages users and leads with the same cursors", async () => {
    const expected = (
      await ctx.db.select({ id: user.id }).from(user).orderBy(desc(user.createdAt), desc(user.id))
    ).map((row) => row.id);
    const seen: string[] = [];
    let query = "size=4";
    for (;;) {
      const page = (await adminGet(`/api/users?${query}`)).json();
      expect(page.total).toBe(expected.length);
      seen.push(...page.users.map((listed: Listed) => listed._id));
      if (!page.nextCursor) break;
      query = `size=4&after=${page.nextCursor}`;
    }
    expect(seen).toEqual(expected);

    for (const email of ["a@example.com", "b@example.com", "c@example.com"]) {
      const sent = await ctx.app.inject({
        method: "POST",
        url: "/api/leads/query",
        payload: { website: "https://example.com", email },
      });
      expect(sent.statusCode).toBe(201);
    }
    const first = (await adminGet("/api/admin/leads?size=2&kind=query")).json();
    expect(first.total).toBe(3);
    const second = (await adminGet(`/api/admin/leads?size=2&kind=query&after=${first.nextCursor}`)).json();
    expect([...first.leads, ...second.leads].map((lead: { email: string }) => lead.email)).toEqual([
      "c@example.com",
      "b@example.com",
      "a@example.com",
    ]);
    expect(second.nextCursor).toBeNull();

    // A numbered page of a filtered list starts where the filtered rows above it end.
    const contact = await ctx.app.inject({
      method: "POST",
      url: "/api/leads/contact",
      payload: { name: "Dee", email: "d@example.com", message: "Hello there, a contact message." },
    });
    expect(contact.statusCode).toBe(201);
    const numbered = (await adminGet("/api/admin/leads?size=2&kind=query&page=1")).json();
    expect(numbered.leads.map((lead: { email: string }) => lead.email)).toEqual(["a@example.com"]);
    const beyond = (await adminGet("/api/admin/leads?size=2&kind=query&page=2")).json();
    expect(beyond.leads).toEqual([]);
  });
});
