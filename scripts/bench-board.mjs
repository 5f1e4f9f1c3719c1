// The work board under `npm run bench` (BENCH_ONLY=board runs only this), on the seeded orders:
// BENCH_STAFF (50) members of the team with the Staff role, the paid orders assigned across them
// (every seventh one to nobody) with due dates, and the complete ones with the time they were
// completed (those paid in the last days completed this week). Then, per request (p50/p95/p99,
// one caller alone and then a few at a time, BENCH_BOARD_CALLERS "1,4"): the board as an admin (all of it, by plan, by assignee, unassigned),
// as a staff member (only their orders), All Orders as that staff member, and the Workload page
// (each member's open orders, hours due this week and hours logged), each beside a bare route
// serving the same bytes in the same run, and each p95 beside its bound (20 ms; the Workload 50 ms). Both
// are asked for uncompressed answers, so the two send the same bytes. The seeded orders belong to
// their customers' client companies, whose names the cards show.
// Run as a script (`node scripts/bench-board.mjs`), it seeds DATA_DIR or DATABASE_URL (after
// scripts/seed-orders.mjs) and prints one line; bench.mjs runs it before it starts the server,
// since the embedded database opens in one process at a time.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import { againstBound, measure } from "./bench-lists.mjs";
import { root } from "./build-state.mjs";
import { insertAccounts, passwordHash } from "./seed-orders.mjs";

export const benchStaffEmail = (i) => `bench-staff-${i}@example.com`;
const staffId = (i) => `bench-staff-${i}`;
const identity = { "accept-encoding": "identity" };
/** How many callers at a time each request is measured with, in turn (BENCH_BOARD_CALLERS). */
const boardCallers = (process.env.BENCH_BOARD_CALLERS ?? "1,4").split(",").map(Number);
/** Rows a statement changed, as node-postgres (`rowCount`) and PGlite (`affectedRows`) say it. */
const affected = (result) => result.rowCount ?? result.affectedRows ?? 0;

/**
 * The team and their work on the seeded customers' orders; each statement skips what a previous
 * run wrote, so a database seeded once serves every run.
 */
export async function seedBoard(db, { members }) {
  await insertAccounts(db, {
    prefix: "bench-staff-",
    email: "bench-staff-#@example.com",
    name: "Bench staff",
    role: "staff",
    count: members,
    hash: await passwordHash(),
  });
  // Due 3 to 14 days after payment; most seeded orders are older than that, so overdue.
  const assigned = await db.execute(sql`
    update orders
    set assignee_id = case when number % 7 = 0 then null else 'bench-staff-' || (1 + (number / 10) % ${members}::int) end,
        due_at = payment_time + (3 + number % 12) * interval '1 day'
    where paid and due_at is null and user_id like 'bench-customer-%'`);
  // Completed three days after payment (or now): the orders paid in the last ten days are this week's.
  const completed = await db.execute(sql`
    insert into order_events (order_id, from_state, to_state, actor_id, actor_name, actor_role, period, created_at)
    select o.id, 'delivered', 'complete', o.user_id, o.name, 'customer', 1,
           least(now(), o.payment_time + interval '3 days')
    from orders o
    where o.state = 'complete' and o.user_id like 'bench-customer-%'
      and not exists (select 1 from order_events e where e.order_id = o.id and e.to_state = 'complete')`);
  // The order keeps when it became complete, as a move to complete writes it.
  await db.execute(sql`
    update orders o set completed_at = least(now(), o.payment_time + interval '3 days')
    where o.state = 'complete' and o.completed_at is null and o.user_id like 'bench-customer-%'`);
  await db.execute(sql`vacuum analyze orders`);
  await db.execute(sql`vacuum analyze order_events`);
  const [counts] = (
    await db.execute(sql`
      select count(*) filter (where assignee_id like 'bench-staff-%')::int as assigned,
             count(*) filter (where assignee_id is null and state in ('submitted', 'in_progress', 'delivered'))::int as unassigned,
             (select count(*)::int from order_events
               where to_state = 'complete' and created_at >= now() - interval '7 days') as "completedThisWeek"
      from orders where paid`)
  ).rows;
  return { members, updated: affected(assigned), completions: affected(completed), ...counts };
}

/**
 * The measured calls: each once through the shop, then its bytes from a bare route (`serveBare`
 * starts it on `bareBase`), and the two measured in turn.
 */
export async function benchBoard({ base, bareBase, adminCookie, staffCookie, serveBare, report }) {
  // A plan the seeded orders were bought on: the first card's on the admin's board.
  const whole = await (await fetch(`${base}/api/admin/board`, { headers: { cookie: adminCookie } })).json();
  const plan = whole.columns.flatMap((column) => column.cards)[0]?.plan.id;
  if (!plan) throw new Error("the board is empty: were the orders seeded?");
  const runs = [
    ["GET /api/admin/board (admin)", "/api/admin/board", adminCookie],
    ["GET /api/admin/board?plan= (admin)", `/api/admin/board?plan=${plan}`, adminCookie],
    [
      "GET /api/admin/board?assignee=<member> (admin)",
      `/api/admin/board?assignee=${staffId(1)}`,
      adminCookie,
    ],
    ["GET /api/admin/board?assignee=none (admin)", "/api/admin/board?assignee=none", adminCookie],
    ["GET /api/admin/board (staff, only assigned)", "/api/admin/board", staffCookie],
    ["GET /api/orders first page (staff)", "/api/orders?page=0&size=20", staffCookie],
    ["GET /api/admin/workload (admin)", "/api/admin/workload", adminCookie, 50],
  ];
  const bareRoutes = [];
  for (const [index, [name, url, cookie]] of runs.entries()) {
    const response = await fetch(`${base}${url}`, { headers: { ...identity, cookie } });
    const body = Buffer.from(await response.arrayBuffer());
    if (!response.ok) throw new Error(`${name}: ${response.status} ${body.toString()}`);
    if (url.startsWith("/api/admin/board")) {
      const board = JSON.parse(body.toString());
      const cards = board.columns.map(
        (column) => `${column.cards.length}/${column.total.count}${column.total.more ? "+" : ""}`,
      );
      console.log(`${name}: ${body.length} bytes, cards/total per column ${cards.join(" ")}`);
    }
    bareRoutes.push({
      method: "GET",
      url: `/bare/${index}`,
      contentType: response.headers.get("content-type"),
      body: body.toString("base64"),
    });
  }
  await serveBare(bareRoutes);
  // One caller alone (the latency a member sees), then a few at once (on the embedded database
  // they wait for each other's statements: one connection).
  for (const callers of boardCallers) {
    for (const [index, [name, url, cookie, bound]] of runs.entries()) {
      const shop = () => url;
      const bare = () => `/bare/${index}`;
      await measure(base, cookie, shop, 40, identity, callers); // warm-up
      await measure(bareBase, "", bare, 40, identity, callers);
      const measured = await measure(base, cookie, shop, undefined, identity, callers);
      const baseline = await measure(bareBase, "", bare, undefined, identity, callers);
      report(
        `${name}, ${callers} at a time`,
        againstBound(
          {
            ...measured,
            "bare p50 ms": baseline["p50 ms"],
            "bare p95 ms": baseline["p95 ms"],
            "bare p99 ms": baseline["p99 ms"],
            "bare req/s": baseline["req/s"],
            ratio: `${Math.round((100 * measured["req/s"]) / baseline["req/s"])}%`,
          },
          bound,
        ),
      );
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const members = Number(process.env.BENCH_STAFF ?? 50);
  const { openDatabase } = await import(pathToFileURL(path.join(root, "server/dist/db/client.js")).href);
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: path.resolve(process.env.DATA_DIR ?? path.join(root, "data")),
  });
  await database.migrate();
  const started = Date.now();
  try {
    const seeded = await seedBoard(database.db, { members });
    console.log(JSON.stringify({ ...seeded, seconds: Math.round((Date.now() - started) / 100) / 10 }));
  } finally {
    await database.close();
  }
}
