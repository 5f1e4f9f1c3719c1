// Fills a database with customers and orders for `npm run bench` (1,000,000 orders by default)
// and their customers (100,000 by default, each with orders of several plans): one set-based
// INSERT per table, so it takes seconds on PostgreSQL and about a minute on PGlite.
// Usage: DATA_DIR=... (embedded) or DATABASE_URL=... node scripts/seed-orders.mjs [orders] [buyers] [customers]
// It also creates an admin and `buyers` customers without orders, all with the password below.
// Paid orders cycle through the workflow states; a customer's older orders of a plan have ended.
// Customers signed up over the last two years; every paid order has its payment on the day it was
// paid (so the Overview's months have work to do), some cancelled ones a refund the next day, and a
// subscription (active while held, ended otherwise); some held ones were cancelled by their
// customers lately or are past due after a declined renewal (the Overview's churn).
// The customers are in client companies (most of one, some of two to five people; see `companyRun`)
// and each of their orders in its person's company.
// Run again, it only empties the buyers' orders. Needs `npm run build` (it uses server/dist).
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import { root } from "./build-state.mjs";

export const benchPassword = "bench-password-1";
export const benchAdminEmail = "bench-admin-1@example.com";
export const buyerEmail = (i) => `bench-buyer-${i}@example.com`;

const server = (file) => import(pathToFileURL(path.join(root, "server/dist", file)).href);

export async function passwordHash() {
  const resolve = createRequire(path.join(root, "server/package.json")).resolve;
  const { hashPassword } = await import(pathToFileURL(resolve("better-auth/crypto")).href);
  return hashPassword(benchPassword);
}

const firstNames = ["Ada", "Grace", "Alan", "Olga", "Jean", "Maria", "Kenji", "Amara", "Lars", "Priya"];
const lastNames = [
  "Lovelace",
  "Hopper",
  "Turing",
  "Novak",
  "Picard",
  "Silva",
  "Sato",
  "Okafor",
  "Berg",
  "Rao",
];

/**
 * Accounts whose ids start with `prefix`, numbered 1..count, confirmed, with the bench password.
 * With `varied`, the names mix first and last names (so a name search finds some, not all).
 * Account g signed up g * `apart` seconds ago.
 */
export async function insertAccounts(
  db,
  { prefix, email, name, role, count, hash, varied = false, apart = 1 },
) {
  const first = sql.join(
    firstNames.map((each) => sql`${each}`),
    sql`, `,
  );
  const last = sql.join(
    lastNames.map((each) => sql`${each}`),
    sql`, `,
  );
  const shown = varied
    ? sql`(array[${first}])[1 + g % 10] || ' ' || (array[${last}])[1 + (g / 10) % 10] || ' ' || g`
    : sql`${name} || ' ' || g`;
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified, role, created_at, updated_at)
    select ${prefix} || g, ${shown}, replace(${email}, '#', g::text), true, ${role},
           now() - (g * ${apart}::int || ' seconds')::interval, now()
    from generate_series(1, ${count}::int) g
    on conflict do nothing`);
  await db.execute(sql`
    insert into account (id, account_id, provider_id, user_id, password, created_at, updated_at)
    select ${prefix} || 'acct-' || g, ${prefix} || g, 'credential', ${prefix} || g, ${hash}, now(), now()
    from generate_series(1, ${count}::int) g
    on conflict do nothing`);
}

/**
 * The customers' paid orders' payments (at the order's payment time), a refund the next day for
 * every other cancelled one, and their subscriptions: active while the order is held, ended once a
 * newer order of the plan replaced it or it was cancelled. No renewal job is queued for them.
 * Each statement skips what a previous run wrote.
 */
async function seedPayments(db) {
  await db.execute(sql`
    insert into payments (order_id, user_id, email, provider, transaction_id, amount_cents, payment_time, created_at)
    select o.id, o.user_id, o.email, 'test', 'bench-' || o.number, o.price_cents, o.payment_time, o.payment_time
    from orders o
    where o.paid and o.user_id like 'bench-customer-%'
    on conflict do nothing`);
  await db.execute(sql`
    insert into payments (order_id, user_id, email, provider, transaction_id, amount_cents, payment_time,
                          created_at, refund_of)
    select p.order_id, p.user_id, p.email, 'test', 'bench-refund-' || o.number, -p.amount_cents,
           least(now(), p.payment_time + interval '1 day'), least(now(), p.payment_time + interval '1 day'), p.id
    from orders o
    join payments p on p.provider = 'test' and p.transaction_id = 'bench-' || o.number
    where o.state = 'cancelled' and o.number % 4 = 0 and o.user_id like 'bench-customer-%'
    on conflict do nothing`);
  await db.execute(sql`
    insert into subscriptions (order_id, user_id, plan_id, interval, price_cents, status, anchor_at,
                               current_period_start, current_period_end, provider, ended_at, created_at)
    select o.id, o.user_id, o.plan_id, o.service_duration, o.price_cents, s.status, o.payment_time,
           s.start, s.start + s.period, 'test',
           case when s.status = 'ended' then least(now(), coalesce(o.ended_at, o.payment_time + s.period)) end, o.payment_time
    from orders o
    cross join lateral (
      select case when o.ended_at is null and o.state <> 'cancelled' then 'active' else 'ended' end as status,
             case when o.service_duration = 'yearly' then interval '1 year' else interval '1 month' end as period
    ) s0
    -- A held subscription is in its current period (it renewed until now); an ended one stopped after its
    -- first (and by now: nothing has stopped in the future).
    cross join lateral (
      select s0.*, case when s0.status = 'active' then greatest(o.payment_time, now() - s0.period + interval '1 day')
                        else o.payment_time end as start
    ) s
    where o.paid and o.user_id like 'bench-customer-%'
    on conflict do nothing`);
  await seedChurn(db);
}

const cancelReasons = [
  "Too expensive",
  "too expensive",
  "Moving the work in-house",
  "Not enough results",
  null,
];

/**
 * Churn for the Overview: one held subscription in 40 cancelled by its customer over the last 45
 * days (with one of a few reasons, or none), one in 97 past due after a declined renewal (and one
 * in 53 declined once and paid on a retry), each failure written where the renewals write it.
 */
async function seedChurn(db) {
  const reasons = sql.join(
    cancelReasons.map((reason) => (reason === null ? sql`null::text` : sql`${reason}::text`)),
    sql`, `,
  );
  await db.execute(sql`
    update subscriptions s
    set status = 'canceled', cancel_at_period_end = true,
        canceled_at = now() - ((o.number % 45) || ' days')::interval - interval '1 hour',
        cancel_reason = (array[${reasons}])[1 + (o.number / 40) % ${cancelReasons.length}::int]
    from orders o
    where o.id = s.order_id and s.status = 'active' and o.number % 40 = 0
      and o.user_id like 'bench-customer-%'`);
  await db.execute(sql`
    update subscriptions s
    set status = 'past_due', failure_count = 1 + o.number % 3,
        next_attempt_at = now() + interval '1 day', last_error = 'Your card was declined.'
    from orders o
    where o.id = s.order_id and s.status = 'active' and o.number % 97 = 0
      and o.user_id like 'bench-customer-%'`);
  await db.execute(sql`
    insert into renewal_failures (subscription_id, period_number, failed_at)
    select s.id, s.period_number, least(now(), s.current_period_start + interval '2 days')
    from subscriptions s join orders o on o.id = s.order_id
    where (s.status = 'past_due' or (s.status = 'active' and o.number % 53 = 0))
      and o.user_id like 'bench-customer-%'
    on conflict do nothing`);
}

/**
 * The customers' client companies, in runs of 24 customers (by number): ten companies of one, then
 * one each of two, three, four and five people (14 companies in 24 customers, so 100,000 customers
 * make 58,333 companies and most companies have one person). The first person of each is its Admin,
 * the next an Approver, then Billing, then Members. A company of one is named after its person, as
 * the shop names it; a larger one after its first person with " Ltd". Its billing address is its
 * first person's. Customers already in a company are left as they are.
 */
export const companyRun = { size: 24, starts: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 19] };

/** SQL: the position in its run at which the company of customer number `g` starts. */
function companyStart(g) {
  const position = sql`((${g} - 1) % ${companyRun.size}::int)`;
  const cases = companyRun.starts
    .slice(1)
    .map((start, i) => sql`when ${position} < ${start}::int then ${companyRun.starts[i]}::int`);
  return sql`(case ${sql.join(cases, sql` `)} else ${companyRun.starts.at(-1)}::int end)`;
}

/** SQL: the number of the first customer (the Admin) of customer number `g`'s company. */
function companyLeader(g) {
  return sql`(${g} - 1 - (${g} - 1) % ${companyRun.size}::int + ${companyStart(g)} + 1)`;
}

async function seedCompanies(db) {
  const number = sql`substr(u.id, length('bench-customer-') + 1)::int`;
  const leader = companyLeader(number);
  // Each company's id follows from its first person's number, so its people find it without a join.
  const companyOf = (first) => sql`md5('bench-company-' || ${first})::uuid`;
  const roles = sql`(array['admin', 'approver', 'billing', 'member', 'member'])`;
  await db.execute(sql`
    insert into companies (id, name, billing_email, created_at, updated_at)
    select ${companyOf(number)}, u.name || case when ${companyStart(number)} >= 10 then ' Ltd' else '' end,
           u.email, u.created_at, u.created_at
    from "user" u
    where u.id like 'bench-customer-%' and u.company_id is null and ${leader} = ${number}
    on conflict do nothing`);
  await db.execute(sql`
    update "user" u
    set company_id = ${companyOf(leader)}, company_role = ${roles}[1 + ${number} - ${leader}]
    where u.id like 'bench-customer-%' and u.company_id is null`);
}

export async function seedOrders(db, { orders, buyers, customers: customerCount = 100_000 }) {
  const { seedDemoContent } = await server("db/seed.js");
  await seedDemoContent(db);
  const hash = await passwordHash();
  const [{ plans }] = (await db.execute(sql`select count(*)::int as plans from pricing_plans`)).rows;
  const customers = Math.max(1, Math.min(customerCount, orders));
  await insertAccounts(db, {
    prefix: "bench-admin-",
    email: "bench-admin-#@example.com",
    name: "Bench admin",
    role: "admin",
    count: 1,
    hash,
  });
  await insertAccounts(db, {
    prefix: "bench-buyer-",
    email: "bench-buyer-#@example.com",
    name: "Bench buyer",
    role: null,
    count: buyers,
    hash,
  });
  await insertAccounts(db, {
    prefix: "bench-customer-",
    email: "bench-customer-#@example.com",
    name: "Bench customer",
    role: null,
    count: customers,
    hash,
    varied: true,
    // Ten minutes apart: 100,000 customers joined over the last two years, each before their orders.
    apart: 600,
  });
  await seedCompanies(db);
  // The buyers' orders of an earlier run, with what paying them wrote (BENCH_ONLY=rules pays them).
  const buyersOrders = sql`select id from orders where user_id like 'bench-buyer-%'`;
  await db.execute(sql`delete from payments where refund_of is not null and order_id in (${buyersOrders})`);
  await db.execute(sql`delete from payments where order_id in (${buyersOrders})`);
  await db.execute(sql`delete from subscriptions where order_id in (${buyersOrders})`);
  await db.execute(sql`delete from orders where user_id like 'bench-buyer-%'`);

  const [{ existing }] = (
    await db.execute(sql`select count(*)::int as existing from orders where user_id like 'bench-customer-%'`)
  ).rows;
  if (existing < orders) {
    // Order n (1 newest) is customer n's (modulo the customers) of plan n / customers (modulo the
    // plans), n minutes old; the newest of each customer and plan is held, older ones have ended
    // (one held order per customer and plan). Every other order is paid, in a workflow state.
    await db.execute(sql`
      insert into orders (user_id, company_id, plan_id, email, name, service, service_duration, price_cents, phone,
                          paid, state, payment_time, ended_at, created_at)
      select u.id, u.company_id, p.id, u.email, u.name, p.service, p.duration, p.new_price_cents, '0123456789',
             n % 2 = 0,
             case when n % 2 = 0
               then (array['submitted', 'in_progress', 'delivered', 'complete', 'cancelled'])[1 + (n / 2) % 5]
             end,
             case when n % 2 = 0 then now() - (n || ' minutes')::interval end,
             case when n > ${customers * plans}::int then now() - (n || ' minutes')::interval + interval '1 minute' end,
             now() - (n || ' minutes')::interval
      from generate_series(${existing + 1}::int, ${orders}::int) n
      join "user" u on u.id = 'bench-customer-' || (1 + (n - 1) % ${customers}::int)
      join (select p.*, row_number() over (order by p.id) - 1 as k from pricing_plans p) p
        on p.k = ((n - 1) / ${customers}::int) % ${plans}::int`);
  }
  // Orders seeded before the customers had companies go to their person's company.
  await db.execute(sql`
    update orders o set company_id = u.company_id
    from "user" u
    where o.user_id = u.id and o.company_id is null and u.company_id is not null
      and u.id like 'bench-customer-%'`);
  await seedPayments(db);
  // Fresh statistics, so the planner picks the search and filter indexes from the first request
  // (before them, it guesses that an e-mail prefix matches a large part of the table), and the
  // visibility map autovacuum (or the embedded database's hourly upkeep) would write before long,
  // so the Overview's sums and All Users' numbered pages read indexes alone.
  await db.execute(sql`vacuum analyze orders`);
  await db.execute(sql`vacuum analyze "user"`);
  await db.execute(sql`vacuum analyze companies`);
  await db.execute(sql`vacuum analyze order_search_words`);
  await db.execute(sql`vacuum analyze company_search_words`);
  await db.execute(sql`vacuum analyze payments`);
  await db.execute(sql`vacuum analyze subscriptions`);
  await db.execute(sql`vacuum analyze renewal_failures`);
  const [{ total }] = (await db.execute(sql`select count(*)::int as total from orders`)).rows;
  return { total, plans, buyers, customers };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const orders = Number(process.argv[2] ?? 1_000_000);
  const buyers = Number(process.argv[3] ?? 200);
  const customers = Number(process.argv[4] ?? 100_000);
  const { openDatabase } = await server("db/client.js");
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: path.resolve(process.env.DATA_DIR ?? path.join(root, "data")),
  });
  await database.migrate();
  const started = Date.now();
  const { total } = await seedOrders(database.db, { orders, buyers, customers });
  await database.close();
  console.log(
    `${total} orders in the ${database.kind} database (${((Date.now() - started) / 1000).toFixed(1)} s).`,
  );
}
