import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../test/accounts.js";
import { createTestApp, type TestContext } from "../../test/helpers.js";
import { rowsOf } from "./rows.js";

/**
 * The admin lists' search and filters (All Orders, All Users, Manage Reviews, Leads): each
 * returns exactly the rows that match, newest first, every one once when paged by cursor or by
 * number, and a bad filter is a 400.
 */

let ctx: TestContext;
let admin: TestAccount;

const names = [
  "Ada Lovelace",
  "Grace Hopper",
  "Alan Turing",
  "Jean-Luc Picard",
  "Olga O'Brien",
  "Adam Smith",
  "Acme.com Ltd",
];

type Row = {
  id: string;
  name: string | null;
  email: string;
  created_at: string;
  /** The creation day, YYYY-MM-DD in UTC. */
  day: string;
  [key: string]: unknown;
};

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, { admin: true });
  // 48 customers over 8 days (several at the very same moment), every third an admin.
  await ctx.db.execute(sql`
    insert into "user" (id, name, email, email_verified, role, created_at)
    select 'searched-' || g,
           (array[${sql.join(
             names.map((name) => sql`${name}`),
             sql`, `,
           )}])[1 + g % ${names.length}] || ' ' || g,
           case when g % 2 = 0 then 'Customer' else 'buyer' end || g || '@Example.com',
           true,
           case when g % 3 = 0 then 'admin' else null end,
           timestamptz '2026-03-01 10:00:00+00' + (g % 8) * interval '1 day' + (g % 2) * interval '1 hour'
    from generate_series(1, 48) g`);
  // Every customer orders every plan; the states and payments cycle.
  await ctx.db.execute(sql`
    insert into orders (user_id, plan_id, email, name, service, service_duration, price_cents, phone, paid, state, created_at)
    select u.id, p.id, u.email, u.name, p.service, p.duration, p.new_price_cents, '0123456789',
           n % 6 <> 0,
           (array[null, 'submitted', 'in_progress', 'delivered', 'complete', 'cancelled'])[1 + n % 6],
           u.created_at + (n % 3) * interval '1 minute'
    from (select u.*, row_number() over (order by u.id) as n from "user" u where u.id like 'searched-%') u
    cross join pricing_plans p`);
  await ctx.db.execute(sql`
    insert into reviews (name, email, comment, hidden, created_at)
    select u.name, u.email, 'Fine work', g % 4 = 0, u.created_at
    from generate_series(1, 48) g join "user" u on u.id = 'searched-' || g`);
  await ctx.db.execute(sql`
    insert into leads (kind, name, email, message, confirmed_at, created_at)
    select (array['contact', 'query', 'newsletter'])[1 + g % 3], case when g % 5 = 0 then null else u.name end,
           u.email, 'Hello', case when g % 2 = 0 then now() else null end, u.created_at
    from generate_series(1, 48) g join "user" u on u.id = 'searched-' || g`);
});
afterAll(() => ctx.close());

async function adminGet(url: string) {
  return ctx.app.inject({ method: "GET", url, headers: { cookie: admin.cookie } });
}

/** The rows of a table newest first, as the lists order them (the database sorts the ids). */
async function newestFirst(table: string): Promise<Row[]> {
  return rowsOf<Row>(
    ctx.db,
    sql`select *, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day from ${sql.identifier(table)} order by created_at desc, id desc`,
  );
}

/** What a search means: the start of the e-mail or name, or each word typed starts a word of the name. */
function matchesSearch(row: { name: string | null; email: string }, q: string): boolean {
  const text = q.trim().toLowerCase();
  const name = (row.name ?? "").toLowerCase();
  if (row.email.toLowerCase().startsWith(text) || (row.name !== null && name.startsWith(text))) return true;
  const typed = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? [];
  return typed.length > 0 && typed.every((word) => words.some((each) => each.startsWith(word)));
}

/** Every page of a list by cursor, then the ids in the order shown. */
async function walk(path: string, key: string, query: string, size = 7): Promise<string[]> {
  const ids: string[] = [];
  let after: string | null = null;
  let pages = 0;
  do {
    const response = await adminGet(`${path}?${query}&size=${size}${after ? `&after=${after}` : ""}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    ids.push(...body[key].map((row: { _id: string }) => row._id));
    after = body.nextCursor;
    pages += 1;
    expect(pages).toBeLessThan(100);
  } while (after);
  return ids;
}

describe("All Orders' search and filters", () => {
  const cases: [string, (row: Row) => boolean][] = [
    ["state=submitted", (row) => row.state === "submitted"],
    ["state=unpaid", (row) => row.paid === false],
    ["paid=true", (row) => row.paid === true],
    ["paid=false&state=unpaid", (row) => row.paid === false],
    ["from=2026-03-03&to=2026-03-04", (row) => row.day >= "2026-03-03" && row.day <= "2026-03-04"],
    ["q=customer1", (row) => matchesSearch(row, "customer1")],
    ["q=BUYER", (row) => matchesSearch(row, "buyer")],
    ["q=smi", (row) => matchesSearch(row, "smi")],
    ["q=jean-luc", (row) => matchesSearch(row, "jean-luc")],
    ["q=o'brien", (row) => matchesSearch(row, "o'brien")],
    ["q=ada%20love", (row) => matchesSearch(row, "ada love")],
    ["q=luc%20jean", (row) => matchesSearch(row, "luc jean")],
    ["q=grace%20turing", () => false],
    ["q=customer1%40example.c", (row) => matchesSearch(row, "customer1@example.c")],
    ["q=buyer1.example", () => false],
    ["q=acme.com", (row) => matchesSearch(row, "acme.com")],
    // Orders with two words that start with it ("Olga O'Brien"; "buyer…" and "Brien"), counted once.
    ["q=o", (row) => matchesSearch(row, "o")],
    ["q=b", (row) => matchesSearch(row, "b")],
    ["q=b&paid=true", (row) => matchesSearch(row, "b") && row.paid === true],
    ["search=lovelace&state=complete", (row) => matchesSearch(row, "lovelace") && row.state === "complete"],
    ["q=100%25", () => false],
  ];
  for (const [query, keep] of cases) {
    it(`lists exactly the orders that match ${query}, each once, by cursor and by page`, async () => {
      const expected = (await newestFirst("orders")).filter(keep).map((row) => row.id);
      expect(await walk("/api/orders", "orders", query)).toEqual(expected);
      const second = (await adminGet(`/api/orders?${query}&page=1&size=5`)).json();
      expect(second.orders.map((row: { _id: string }) => row._id)).toEqual(expected.slice(5, 10));
      expect(second.matches).toEqual({ count: expected.length, more: false });
      expect(second.counts.total).toBe((await newestFirst("orders")).length);
    });
  }

  it("filters by plan, alone and with a state", async () => {
    const all = await newestFirst("orders");
    const plan = String(all[0]?.plan_id);
    const byPlan = all.filter((row) => row.plan_id === plan).map((row) => row.id);
    expect(byPlan.length).toBeGreaterThan(0);
    expect(byPlan.length).toBeLessThan(all.length);
    expect(await walk("/api/orders", "orders", `plan=${plan}`)).toEqual(byPlan);
    const both = all.filter((row) => row.plan_id === plan && row.state === "delivered").map((row) => row.id);
    expect(both.length).toBeGreaterThan(0);
    expect(await walk("/api/orders", "orders", `plan=${plan}&state=delivered`, 3)).toEqual(both);
  });

  it("finds an order by its number", async () => {
    const [row] = (await newestFirst("orders")).slice(10, 11);
    const body = (await adminGet(`/api/orders?q=%23${row?.number}`)).json();
    expect(body.orders.map((order: { _id: string }) => order._id)).toEqual([row?.id]);
  });

  it("answers the spec's call without parameters as before: every order, no match count", async () => {
    const body = (await adminGet("/api/orders")).json();
    const all = await newestFirst("orders");
    expect(body.orders.map((order: { _id: string }) => order._id)).toEqual(
      all.slice(0, 20).map((row) => row.id),
    );
    expect(body.matches).toBeUndefined();
    expect(body.counts.total).toBe(all.length);
  });

  it("refuses bad filters with a 400 that says what is wrong", async () => {
    for (const [query, field] of [
      ["state=lost", "state"],
      ["paid=yes", "paid"],
      ["plan=basic", "plan"],
      ["from=2026-02-30", "from"],
      ["to=yesterday", "to"],
      ["from=2026-03-05&to=2026-03-01", "from"],
      [`q=${"a".repeat(201)}`, "q"],
    ] as const) {
      const response = await adminGet(`/api/orders?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.body, query).toContain(field);
    }
  });
});

describe("All Users' search and filters", () => {
  const cases: [string, (row: Row) => boolean][] = [
    ["role=admin", (row) => row.role === "admin"],
    ["role=customer", (row) => row.role !== "admin"],
    ["q=customer2", (row) => matchesSearch(row, "customer2")],
    ["q=Grace", (row) => matchesSearch(row, "grace")],
    ["q=ada&role=admin", (row) => matchesSearch(row, "ada") && row.role === "admin"],
    ["from=2026-03-02&to=2026-03-02", (row) => row.day === "2026-03-02"],
    // The same filters with other days: one statement kept for their shape, filled in anew.
    ["from=2026-03-03&to=2026-03-04", (row) => row.day >= "2026-03-03" && row.day <= "2026-03-04"],
  ];
  for (const [query, keep] of cases) {
    it(`lists exactly the accounts that match ${query}`, async () => {
      const expected = (await newestFirst("user")).filter(keep).map((row) => row.id);
      expect(expected.length).toBeGreaterThan(0);
      expect(await walk("/api/users", "users", query, 4)).toEqual(expected);
      const body = (await adminGet(`/api/users?${query}`)).json();
      expect(body.matches).toEqual({ count: expected.length, more: false });
      expect(body.total).toBe((await newestFirst("user")).length);
    });
  }

  it("refuses a role that does not exist", async () => {
    const response = await adminGet("/api/users?role=owner");
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("must be admin or customer");
  });
});

describe("Leads' search and filters", () => {
  const shown = (row: Row) => row.kind !== "newsletter" || row.confirmed_at !== null;
  const cases: [string, (row: Row) => boolean][] = [
    ["kind=query&q=buyer", (row) => row.kind === "query" && matchesSearch(row, "buyer")],
    ["q=turing", (row) => matchesSearch(row, "turing")],
    ["from=2026-03-06", (row) => row.day >= "2026-03-06"],
  ];
  for (const [query, keep] of cases) {
    it(`lists exactly the leads that match ${query}`, async () => {
      const expected = (await newestFirst("leads"))
        .filter((row) => shown(row) && keep(row))
        .map((row) => row.id);
      expect(expected.length).toBeGreaterThan(0);
      expect(await walk("/api/admin/leads", "leads", query, 3)).toEqual(expected);
      expect((await adminGet(`/api/admin/leads?${query}`)).json().matches).toEqual({
        count: expected.length,
        more: false,
      });
    });
  }

  it("refuses a kind that does not exist", async () => {
    expect((await adminGet("/api/admin/leads?kind=spam")).statusCode).toBe(400);
  });
});

describe("Manage Reviews' search and filters", () => {
  const cases: [string, (row: Row) => boolean][] = [
    ["hidden=true", (row) => row.hidden === true],
    ["hidden=false&q=ada", (row) => row.hidden === false && matchesSearch(row, "ada")],
    ["to=2026-03-03", (row) => row.day <= "2026-03-03"],
  ];
  for (const [query, keep] of cases) {
    it(`lists exactly the reviews that match ${query}, page by page`, async () => {
      const expected = (await newestFirst("reviews")).filter(keep).map((row) => row.id);
      expect(expected.length).toBeGreaterThan(0);
      const ids: string[] = [];
      for (let page = 0; page * 5 < expected.length + 5; page += 1) {
        const response = await adminGet(`/api/manage-reviews?${query}&page=${page}&size=5`);
        expect(response.statusCode, response.body).toBe(200);
        ids.push(...response.json().map((review: { _id: string }) => review._id));
      }
      expect(ids).toEqual(expected);
    });
  }

  it("answers the spec's call as before and refuses a bad filter", async () => {
    const all = (await newestFirst("reviews")).map((row) => row.id);
    const response = await adminGet("/api/manage-reviews?page=1&size=5");
    expect(response.json().map((review: { _id: string }) => review._id)).toEqual(all.slice(5, 10));
    expect((await adminGet("/api/manage-reviews?hidden=maybe")).statusCode).toBe(400);
  });
});
