// Fills a database with customers and orders for `npm run bench` (1,000,000 orders by default):
// one set-based INSERT per table, so it takes seconds on PostgreSQL and about a minute on PGlite.
// Usage: DATA_DIR=... (embedded) or DATABASE_URL=... node scripts/seed-orders.mjs [orders] [buyers]
// It also creates an admin and `buyers` customers without orders, all with the password below.
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

/** Accounts whose ids start with `prefix`, numbered 1..count, confirmed, with the bench password. */
async function insertAccounts(db, { prefix, email, name, role, count, hash }) {
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified, role, created_at, updated_at)
    select ${prefix} || g, ${name} || ' ' || g, replace(${email}, '#', g::text), true, ${role},
           now() - (g || ' seconds')::interval, now()
    from generate_series(1, ${count}::int) g
    on conflict do nothing`);
  await db.execute(sql`
    insert into account (id, account_id, provider_id, user_id, password, created_at, updated_at)
    select ${prefix} || 'acct-' || g, ${prefix} || g, 'credential', ${prefix} || g, ${hash}, now(), now()
    from generate_series(1, ${count}::int) g
    on conflict do nothing`);
}

export async function seedOrders(db, { orders, buyers }) {
  const { seedDemoContent } = await server("db/seed.js");
  await seedDemoContent(db);
  const hash = await passwordHash();
  const [{ plans }] = (await db.execute(sql`select count(*)::int as plans from pricing_plans`)).rows;
  const customers = Math.ceil(orders / plans);
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
  });
  await db.execute(sql`delete from orders where user_id like 'bench-buyer-%'`);

  const [{ existing }] = (
    await db.execute(sql`select count(*)::int as existing from orders where user_id like 'bench-customer-%'`)
  ).rows;
  if (existing < orders) {
    // Every customer orders every plan, spread over the last few years, half of them paid.
    await db.execute(sql`
      insert into orders (user_id, plan_id, email, name, service, service_duration, price_cents, phone,
                          paid, payment_time, created_at)
      select user_id, plan_id, email, name, service, duration, price, '0123456789', n % 2 = 0,
             case when n % 2 = 0 then now() - (n || ' minutes')::interval end, now() - (n || ' minutes')::interval
      from (
        select u.id as user_id, u.email, u.name, p.id as plan_id, p.service, p.duration,
               p.new_price_cents as price, row_number() over () as n
        from "user" u cross join pricing_plans p
        where u.id like 'bench-customer-%'
          and not exists (select 1 from orders o where o.user_id = u.id and o.plan_id = p.id)
        limit ${orders - existing}::int
      ) as pairs`);
  }
  const [{ total }] = (await db.execute(sql`select count(*)::int as total from orders`)).rows;
  return { total, plans, buyers };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const orders = Number(process.argv[2] ?? 1_000_000);
  const buyers = Number(process.argv[3] ?? 200);
  const { openDatabase } = await server("db/client.js");
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: path.resolve(process.env.DATA_DIR ?? path.join(root, "data")),
  });
  await database.migrate();
  const started = Date.now();
  const { total } = await seedOrders(database.db, { orders, buyers });
  await database.close();
  console.log(
    `${total} orders in the ${database.kind} database (${((Date.now() - started) / 1000).toFixed(1)} s).`,
  );
}
