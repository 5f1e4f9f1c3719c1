// `BENCH_INSTANCES=1,2 DATABASE_URL=postgres://… npm run bench`: the built server on PostgreSQL
// behind the proxy of the topology test (scripts/bench-proxy.mjs), first as one instance, then as
// two on the same database, with the same loads; prints each run and the ratio of the last count of
// instances to the first, measured in the same run.
// BENCH_SECONDS (5) per run, BENCH_CONNECTIONS (20), BENCH_ORDERS seeded first (1,000,000),
// BENCH_BUYERS (200) customers who each order every plan once in the order run; BENCH_ONLY=orders
// runs the orders alone.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { orderBurst } from "./bench-orders.mjs";
import { inBatches, signIn } from "./bench-processes.mjs";
import { needsBuild, root } from "./build-state.mjs";
import { benchAdminEmail, buyerEmail } from "./seed-orders.mjs";
import { serverArgs } from "./server-command.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const orderCount = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const buyers = Number(process.env.BENCH_BUYERS ?? 200);
const databaseUrl = process.env.DATABASE_URL;
const counts = (process.env.BENCH_INSTANCES ?? "1,2").split(",").map(Number);
const children = new Set();

if (!databaseUrl)
  throw new Error("BENCH_INSTANCES needs DATABASE_URL: instances share a PostgreSQL database.");
if (counts.length === 0 || counts.some((count) => !Number.isInteger(count) || count < 1))
  throw new Error(
    `BENCH_INSTANCES is a list of instance counts, like 1,2 (got "${process.env.BENCH_INSTANCES}").`,
  );

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
}

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** A node process; resolves once a line of its output says it is ready (if `ready` is given). */
function start(args, env, ready) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.add(child);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.once("exit", () => children.delete(child));
  const readyPromise = new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`${args[0]} exited with ${code}`)));
    if (!ready) return resolve();
    child.stdout.on("data", (chunk) => {
      if (ready(String(chunk))) resolve();
    });
  });
  return { child, exited, ready: readyPromise };
}

async function stop(process_) {
  if (process_.child.exitCode === null && process_.child.signalCode === null) process_.child.kill("SIGTERM");
  await process_.exited;
}

async function waitForReady(url) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not start`);
}

/** One autocannon run: requests per second, latency percentiles (ms), failures. */
async function load(options) {
  const result = await autocannon({
    connections,
    ...(options.amount ? {} : { duration: seconds }),
    ...options,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * Commits in the bench database and WAL flushes of the server so far (PostgreSQL's statistics;
 * the server publishes them within a second, hence the wait).
 */
async function commitsAndFlushes(client) {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const { rows } = await client.query(
    `select (select xact_commit from pg_stat_database where datname = current_database())::bigint as commits,
            (select wal_sync from pg_stat_wal)::bigint as flushes`,
  );
  return { commits: Number(rows[0].commits), flushes: Number(rows[0].flushes) };
}

/** Waits until no job is queued or running, so one run's mails are not sent during the next. */
async function waitForIdleQueue(client) {
  for (let i = 0; i < 1200; i++) {
    const { rows } = await client.query(
      "select count(*)::int as busy from jobs where status in ('queued', 'running') and run_at <= now()",
    );
    if (rows[0].busy === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the job queue did not empty within 5 minutes");
}

/** The loads, the same for every count of instances, all through the proxy at `base`. */
async function runLoads(base, client) {
  const results = {};
  if (process.env.BENCH_ONLY !== "orders") {
    results["GET /api/services"] = await load({ url: `${base}/api/services` });
    results["GET /api/pricing"] = await load({ url: `${base}/api/pricing` });
    results["GET / (page)"] = await load({ url: `${base}/` });

    const admin = await signIn(base, benchAdminEmail);
    results["GET /api/orders first page with counts (admin)"] = await load({
      url: `${base}/api/orders?page=0&size=20`,
      headers: { cookie: admin },
      connections: 4,
    });
  }

  // Orders: every buyer orders every plan once, from many signed-in customers at a time.
  const plans = await (await fetch(`${base}/api/pricing`)).json();
  const cookies = await inBatches(
    Array.from({ length: buyers }, (_, i) => buyerEmail(i + 1)),
    4,
    (email) => signIn(base, email),
  );
  const before = await commitsAndFlushes(client);
  const orders = await orderBurst({ base, cookies, plans, load });
  const after = await commitsAndFlushes(client);
  console.log(
    `during the orders: ${((after.commits - before.commits) / orders.sent).toFixed(2)} commits and ${((after.flushes - before.flushes) / orders.sent).toFixed(2)} WAL flushes per order (the in-app workers' included)`,
  );
  results[`POST /api/order (${buyers} customers × ${plans.length} plans)`] = orders;

  const { rows } = await client.query(
    `select count(*)::int as stored, count(distinct (user_id, plan_id))::int as distinct_orders,
            (select count(*)::int from jobs j where j.kind = 'mail.order-placed'
               and (j.payload->>'orderId')::uuid in (select id from orders where user_id like 'bench-buyer-%')) as jobs
     from orders where user_id like 'bench-buyer-%'`,
  );
  const { stored, distinct_orders: distinct, jobs } = rows[0];
  console.log(
    `orders: ${orders.sent} sent, ${stored} stored, ${orders.sent - distinct} lost, ${stored - distinct} duplicated, ${jobs} confirmation jobs`,
  );
  if (stored !== orders.sent || distinct !== orders.sent || jobs !== orders.sent)
    throw new Error("orders were lost or duplicated");
  await waitForIdleQueue(client);
  return results;
}

const client = new pg.Client({ connectionString: databaseUrl });
const dataDir = mkdtempSync(path.join(os.tmpdir(), "agency-bench-instances-"));
try {
  if (needsBuild()) run("npm", ["run", "build"]);
  await client.connect();
  const byCount = [];
  for (const count of counts) {
    console.log(`\nSeeding ${orderCount} orders (PostgreSQL); the buyers' earlier orders are removed...`);
    run(process.execPath, ["scripts/seed-orders.mjs", String(orderCount), String(buyers)], {
      DATABASE_URL: databaseUrl,
    });
    const proxyPort = await freePort();
    const base = `http://127.0.0.1:${proxyPort}`;
    const instances = [];
    for (let i = 0; i < count; i++) {
      const port = await freePort();
      const instance = start(serverArgs, {
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: base,
        AUTH_SECRET: "the-same-secret-on-every-instance-0123456789",
        LOG_LEVEL: "warn",
        AUTH_RATE_LIMIT_MAX: "1000000",
        SEED_DEMO: "false",
      });
      instance.ready.catch((error) => {
        console.error(error);
        process.exit(1);
      });
      instance.url = `http://127.0.0.1:${port}`;
      await waitForReady(instance.url);
      instances.push(instance);
    }
    const proxy = start(
      ["scripts/bench-proxy.mjs", String(proxyPort), ...instances.map((instance) => instance.url)],
      {},
      (text) => text.includes("ready"),
    );
    await proxy.ready;
    console.log(`${count} instance${count > 1 ? "s" : ""} behind the proxy at ${base}`);
    const results = await runLoads(base, client);
    for (const [name, result] of Object.entries(results))
      console.log(JSON.stringify({ instances: count, name, ...result, rps: Math.round(result.rps) }));
    byCount.push({ count, results, load: os.loadavg()[0] });
    await stop(proxy);
    for (const instance of instances) await stop(instance);
  }

  const [first, last] = [byCount[0], byCount[byCount.length - 1]];
  const label = (count) => `${count} inst.`;
  const table = Object.keys(first.results).map((name) => {
    const row = { run: name };
    for (const { count, results } of byCount) {
      const result = results[name];
      row[`${label(count)} req/s`] = Math.round(result.rps);
      row[`${label(count)} p50/p99 ms`] = `${result.p50}/${result.p99}`;
      row[`${label(count)} failures`] = result.failures;
    }
    if (byCount.length > 1)
      row[`${last.count}/${first.count}`] = (last.results[name].rps / first.results[name].rps).toFixed(2);
    return row;
  });
  console.log(
    `\nPostgreSQL, built server behind the proxy, ${os.cpus().length} cores, ${seconds} s per run, ${connections} connections (admin list: 4), load average after each count of instances: ${byCount
      .map(({ count, load: average }) => `${label(count)} ${average.toFixed(1)}`)
      .join(", ")}, ${new Date().toISOString()}`,
  );
  console.table(table);
} finally {
  for (const child of children) child.kill();
  await client.end().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
}
