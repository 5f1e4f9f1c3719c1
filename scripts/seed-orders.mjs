// Fills a database with customers and orders for `npm run bench` (1,000,000 orders by default)
// and their customers (100,000 by default, each with orders of several plans): one set-based
// INSERT per table, so it takes seconds on PostgreSQL and about a minute on PGlite.
// Usage: DATA_DIR=... (embedded) or DATABASE_URL=... node scripts/seed-orders.mjs [orders] [buyers] [customers]
// It also creates an admin and `buyers` customers without orders, all with the password below.
// Paid orders cycle through the workflow states; a customer's older orders of a plan have ended.
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

async function passwordHash() {
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
 */
async function insertAccounts(db, { prefix, email, name, role, count, hash, varied = false }) {
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
           now() - (g || ' seconds')::interval, now()
    from generate_series(1, ${count}::int) g
    on conflict do nothing`);
  await db.execute(sql`
    insert into account (id, account_id, provider_id, user_id, password, created_at, updated_at)
    select ${prefix} || 'acct-' || g, ${prefix} || g, 'credential', ${prefix} || g, ${hash}, now(), now()
    from generate_series(1, ${count}::int) g
    on conflict do nothing`);
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
  });
  await db.execute(sql`delete from orders where user_id like 'bench-buyer-%'`);

  const [{ existing }] = (
    await db.execute(sql`select count(*)::int as existing from orders where user_id like 'bench-customer-%'`)
  ).rows;
  if (existing < orders) {
    // Order n (1 newest) is customer n's (modulo the customers) of plan n / customers (modulo the
    // plans), n minutes old; the newest of each customer and plan is held, older ones have ended
    // (one held order per customer and plan). Every other order is paid, in a workflow state.
    await db.execute(sql`
      insert into orders (user_id, plan_id, email, name, service, service_duration, price_cents, phone,
                          paid, state, payment_time, ended_at, created_at)
      select u.id, p.id, u.email, u.name, p.service, p.duration, p.new_price_cents, '0123456789',
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
  // Fresh statistics, so the planner picks the search and filter indexes from the first request
  // (before them, it guesses that an e-mail prefix matches a large part of the table).
  await db.execute(sql`analyze orders`);
  await db.execute(sql`analyze "user"`);
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
