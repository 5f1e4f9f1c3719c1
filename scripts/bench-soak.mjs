// `BENCH_ONLY=soak npm run bench`: a year of a busy agency's churn on the embedded database, twice
// in one run, each on a shop of its own: once as the build before the upkeep left it (nothing
// pruned, nothing vacuumed), once with the upkeep (server/src/upkeep.ts) pruning with the default
// retention and vacuuming after each week. A shop of BENCH_SOAK_ORDERS (50,000) orders is seeded;
// then 52 weeks (BENCH_SOAK_WEEKS) each move 12,500 orders on a state (with its history row), run
// 15,000 jobs through queued, running and done, deliver 5,000 webhook events, open and refresh
// 3,000 sessions and add 3,000 messages, dated in the past year week by week: about 58,000 row
// updates a week, 3,000,000 in the year. Before and after the year, the shop's server places
// orders (BENCH_SOAK_BUYERS buyers, each every plan once) and an admin reads All Orders; it prints
// the order rate and the lists' p95 at the start and the end, and the data directory's size week
// by week. Not part of the tests.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { measure as timeList } from "./bench-lists.mjs";
import { orderBurst } from "./bench-orders.mjs";
import { run, signIn, waitForHealth } from "./bench-processes.mjs";
import { needsBuild, root } from "./build-state.mjs";
import { benchAdminEmail, buyerEmail } from "./seed-orders.mjs";
import { serverArgs } from "./server-command.mjs";

const seedOrders = Number(process.env.BENCH_SOAK_ORDERS ?? 50_000);
const weeks = Number(process.env.BENCH_SOAK_WEEKS ?? 52);
/** Buyers who order every plan once: a fifth to warm the server up, the rest measured; at the start and again at the end. */
const buyers = Number(process.env.BENCH_SOAK_BUYERS ?? 100);
const port = Number(process.env.BENCH_PORT ?? 3901);
const base = `http://127.0.0.1:${port}`;
const weekMs = 7 * 86_400_000;
const perWeek = { orders: 12_500, jobs: 15_000, webhooks: 5_000, sessions: 3_000, messages: 3_000 };
const updatesPerWeek = perWeek.orders + 2 * perWeek.jobs + perWeek.webhooks + 2 * perWeek.sessions;

const dist = (file) => import(pathToFileURL(path.join(root, "server/dist", file)).href);
const duMb = (dir) =>
  Math.round(Number(execFileSync("du", ["-sb", dir], { encoding: "utf8" }).split("\t")[0]) / 1e6);
/** The data directory's size in MB, and its tables' and indexes' part (the rest is mostly the write-ahead log). */
const sizeMb = (dir) => ({ all: duMb(dir), tables: duMb(path.join(dir, "pglite", "base")) });

/** The shop's server on `dataDir`: places the buyers' orders and times All Orders, then stops. */
async function measure(dataDir, firstBuyer) {
  const child = spawn(process.execPath, serverArgs, {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT_MAX: "1000000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitForHealth(base);
    const plans = await (await fetch(`${base}/api/pricing`)).json();
    const cookies = [];
    for (let i = firstBuyer; i < firstBuyer + buyers; i++) cookies.push(await signIn(base, buyerEmail(i)));
    const load = (options) => autocannon({ connections: 10, ...options });
    const warm = Math.ceil(buyers / 5);
    await orderBurst({ base, cookies: cookies.slice(0, warm), plans, load });
    const burst = await orderBurst({ base, cookies: cookies.slice(warm), plans, load });
    const admin = await signIn(base, benchAdminEmail);
    const list = async (url) => {
      await timeList(base, admin, () => url, 40, {}, 4);
      return (await timeList(base, admin, () => url, 400, {}, 4))["p95 ms"];
    };
    return {
      "orders/s": Math.round(burst.rps),
      "order failures": burst.non2xx + burst.errors,
      "All Orders first page p95 ms": await list("/api/orders?page=0&size=20"),
      "All Orders in progress p95 ms": await list("/api/orders?page=0&size=20&state=in_progress"),
    };
  } finally {
    child.kill();
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

/** One week of churn, dated from `start` on, as the shop's own code would write it. */
async function churnWeek(db, week, start) {
  const at = (offsetMs) => new Date(start.getTime() + offsetMs).toISOString();
  const { orders, jobs, webhooks, sessions, messages } = perWeek;
  // Every other order is paid: a week moves one in `window` of them on.
  const window = Math.max(1, Math.round(seedOrders / 2 / orders));
  // Orders move one state on, a window of them a week, each with its history row.
  await db.execute(sql`
    with moved as (
      update orders o set state = (array['submitted', 'in_progress', 'delivered', 'complete'])[1 + (${week} + o.number) % 4]
      where o.paid and (o.number / 2) % ${window}::int = ${week % window}::int
      returning o.id, o.state)
    insert into order_events (order_id, to_state, actor_name, actor_role, created_at)
    select id, state, 'Soak', 'admin', ${at(weekMs / 2)}::timestamptz from moved`);
  await db.execute(sql`
    insert into messages (order_id, author_name, author_role, body, created_at)
    select id, 'Soak', 'admin', 'A week''s note on the work', ${at(weekMs / 3)}::timestamptz
    from orders where paid order by number limit ${messages} offset ${(week * messages) % (seedOrders / 4)}`);
  // Jobs through their life: queued, then running, then done.
  await db.execute(sql`
    insert into jobs (kind, payload, key, run_at, created_at, updated_at)
    select 'file.discard-unattached', jsonb_build_object('fileId', gen_random_uuid()), 'soak:' || ${week} || ':' || g,
           ${at(0)}::timestamptz + g * interval '30 seconds', ${at(0)}::timestamptz, ${at(0)}::timestamptz
    from generate_series(1, ${jobs}::int) g`);
  await db.execute(sql`update jobs set status = 'running', attempts = 1, locked_at = run_at, locked_by = 'soak'
                       where key like ${`soak:${week}:%`}`);
  await db.execute(sql`update jobs set status = 'done', finished_at = run_at + interval '1 second', locked_at = null,
                       locked_by = null, updated_at = run_at where key like ${`soak:${week}:%`}`);
  // Webhook events, each delivered once to the shop's (disabled) endpoint.
  await db.execute(sql`
    insert into webhook_events (id, type, object_key, body, created_at)
    select 'evt-soak-' || ${week} || '-' || g, 'order.updated', 'order:' || g, '{}', ${at(0)}::timestamptz + g * interval '1 minute'
    from generate_series(1, ${webhooks}::int) g`);
  await db.execute(sql`
    insert into webhook_deliveries (endpoint_id, event_id, object_key, created_at)
    select (select id from webhook_endpoints where url = 'http://127.0.0.1:9/soak'), id, object_key, created_at
    from webhook_events where id like ${`evt-soak-${week}-%`}`);
  await db.execute(sql`update webhook_deliveries set status = 'delivered', attempts = 1, response_status = 200,
                       duration_ms = 12, first_attempt_at = created_at, last_attempt_at = created_at,
                       delivered_at = created_at + interval '1 second'
                       where event_id like ${`evt-soak-${week}-%`}`);
  // Customers sign in; each session is refreshed twice before it expires.
  await db.execute(sql`
    insert into session (id, token, user_id, expires_at, created_at, updated_at)
    select 'soak-' || ${week} || '-' || g, 'soak-token-' || ${week} || '-' || g, 'bench-customer-' || (1 + g % 1000),
           ${at(0)}::timestamptz + interval '1 day', ${at(0)}::timestamptz, ${at(0)}::timestamptz
    from generate_series(1, ${sessions}::int) g`);
  for (const days of [3, 7]) {
    await db.execute(sql`update session set expires_at = created_at + ${`${days} days`}::interval,
                         updated_at = created_at + ${`${days - 1} days`}::interval where id like ${`soak-${week}-%`}`);
  }
}

/** One arm of the soak on a shop of its own; `upkeep` prunes and vacuums as the worker would. */
async function soak(upkeep) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "agency-soak-"));
  try {
    run(process.execPath, ["scripts/seed-orders.mjs", String(seedOrders), String(2 * buyers), "5000"], {
      DATA_DIR: dataDir,
    });
    const start = await measure(dataDir, 1);
    const sizes = [sizeMb(dataDir)];
    const { openDatabase } = await dist("db/client.js");
    const { pruneOldRows, upkeepHandlers } = await dist("upkeep.js");
    // The shop's default retention, as a shop with no settings of its own prunes.
    const { retention } = (await dist("config.js")).loadConfig({});
    const database = await openDatabase({ databaseUrl: undefined, dataDir });
    const { db } = database;
    let longestVacuumMs = 0;
    const log = {
      info: ({ took }) => (longestVacuumMs = Math.max(longestVacuumMs, ...Object.values(took ?? {}))),
    };
    const handlers = upkeepHandlers({ db, retention, embedded: true, log });
    await db.execute(
      sql`insert into webhook_endpoints (kind, url, enabled) values ('webhook', 'http://127.0.0.1:9/soak', false)`,
    );
    const yearStart = Date.now() - weeks * weekMs;
    const started = performance.now();
    try {
      for (let week = 0; week < weeks; week++) {
        await churnWeek(db, week, new Date(yearStart + week * weekMs));
        if (upkeep) {
          await pruneOldRows(db, new Date(yearStart + (week + 1) * weekMs), retention);
          await handlers["upkeep.vacuum"]();
        }
        if ((week + 1) % 4 === 0 || week === weeks - 1) {
          sizes.push(sizeMb(dataDir));
          const { all, tables } = sizes.at(-1);
          console.log(
            `  week ${week + 1}: ${all} MB, tables ${tables} MB (${Math.round((performance.now() - started) / 1000)} s)`,
          );
        }
      }
    } finally {
      await database.close();
    }
    const end = await measure(dataDir, buyers + 1);
    return { start, end, sizes, longestVacuumMs };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (needsBuild()) run("npm", ["run", "build"]);
console.log(
  `Soak: ${seedOrders} orders, ${weeks} weeks of ${updatesPerWeek} row updates (${updatesPerWeek * weeks} in all)`,
);
const rows = {};
for (const [name, upkeep] of [
  ["without upkeep (the build before it)", false],
  ["with upkeep", true],
]) {
  console.log(`${name}:`);
  const result = await soak(upkeep);
  console.log(JSON.stringify(result));
  const size = ({ all, tables }) => ({ "data MB": all, "tables MB": tables });
  rows[`${name}: start`] = { ...result.start, ...size(result.sizes[0]) };
  rows[`${name}: end`] = {
    ...result.end,
    ...size(result.sizes.at(-1)),
    "end rate / start": `${Math.round((100 * result.end["orders/s"]) / result.start["orders/s"])}%`,
  };
  if (upkeep) rows[`${name}: end`]["longest vacuum ms"] = result.longestVacuumMs;
}
console.table(rows);
