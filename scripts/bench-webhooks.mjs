// `BENCH_ONLY=webhooks npm run bench`: the order burst with three webhook endpoints subscribed to
// every event, against the same burst without webhooks, on the same data. A receiver on this
// machine answers every delivery after 50 ms (BENCH_RECEIVER_MS). Prints both order rates, their
// ratio (target: at least 90%) and how long the delivery queue took to drain after the burst
// (target: at most 10 s): from the burst's last answer to the last event received.
// The embedded database of `npm run bench` (BENCH_DATA_DIR, kept between runs) or DATABASE_URL,
// seeded with BENCH_ORDERS orders (1,000,000) and BENCH_BUYERS (200) customers who each order
// every plan once per burst; seeding again between the two bursts empties the buyers' orders, so
// both bursts place the same orders. Each burst starts once the job queue is still. Also prints how
// many deliveries needed a second attempt. The endpoints are removed afterwards. A single burst
// lasts about a second, so the pair runs BENCH_WEBHOOK_ROUNDS times (3), and the last line gives
// the rates over all rounds and the slowest drain.
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { orderBurst } from "./bench-orders.mjs";
import { run, signIn, waitForHealth, waitForQuietQueue } from "./bench-processes.mjs";
import { needsBuild, root } from "./build-state.mjs";
import { benchAdminEmail, buyerEmail } from "./seed-orders.mjs";
import { serverArgs } from "./server-command.mjs";

const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const orderCount = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const buyers = Number(process.env.BENCH_BUYERS ?? 200);
const customers = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const receiverMs = Number(process.env.BENCH_RECEIVER_MS ?? 50);
const drainLimitMs = Number(process.env.BENCH_DRAIN_LIMIT_MS ?? 120_000);
const rounds = Number(process.env.BENCH_WEBHOOK_ROUNDS ?? 3);
/** The workers' default work slice after yielding (WorkerOptions.workSliceMs). */
const workSliceMs = 2000;
const port = Number(process.env.BENCH_PORT ?? 3901);
const base = `http://127.0.0.1:${port}`;
const databaseUrl = process.env.DATABASE_URL;
// The embedded database `npm run bench` keeps between runs (BENCH_DATA_DIR), seeded once.
const dataDir = databaseUrl
  ? undefined
  : path.resolve(process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), "agency-bench"));
const dbEnv = databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir };

const seed = () =>
  run(
    process.execPath,
    ["scripts/seed-orders.mjs", String(orderCount), String(buyers), String(customers)],
    dbEnv,
  );

/** The built server; answers a function that stops it and waits for it to exit. */
async function startServer() {
  const child = spawn(process.execPath, serverArgs, {
    cwd: root,
    env: {
      ...process.env,
      ...dbEnv,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT_MAX: "1000000",
      // The bench's receiver listens on this machine.
      WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  await waitForHealth(base);
  return async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
  };
}

/** The owner's systems: every POST is counted and answered after `receiverMs`. */
async function startReceiver() {
  const received = { count: 0, last: 0, times: [] };
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      received.count += 1;
      received.last = performance.now();
      received.times.push(received.last);
      setTimeout(() => response.end("ok"), receiverMs);
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { received, port: server.address().port, close: () => server.close() };
}

/**
 * Every buyer orders every plan once, `connections` at a time; answers the burst's figures. It
 * starts once the job queue is still, so neither burst shares the machine with the mails of the
 * other.
 */
async function burst() {
  const plans = await (await fetch(`${base}/api/pricing`)).json();
  const cookies = [];
  for (let i = 1; i <= buyers; i++) cookies.push(await signIn(base, buyerEmail(i)));
  await waitForQuietQueue(base, await signIn(base, benchAdminEmail));
  // The sign-ins above kept requests coming for seconds: the workers, having yielded that long,
  // take a slice of work before they yield again (see WorkerOptions.workSliceMs). A shop's burst
  // comes after a quieter moment, so the bench waits until that slice is over.
  await new Promise((resolve) => setTimeout(resolve, workSliceMs + 500));
  const load = async (options) => {
    const result = await autocannon({ connections, ...options });
    return {
      failures: result.errors + result.timeouts + result.non2xx,
      p50: result.latency.p50,
      p99: result.latency.p99,
    };
  };
  return orderBurst({ base, cookies, plans, load });
}

const rows = [];
function report(name, figures) {
  const row = { name, ...figures };
  rows.push(row);
  console.log(JSON.stringify(row));
}

/** The bench's three endpoints, subscribed to every event; answers their ids. */
async function addEndpoints(headers) {
  const events = await (await fetch(`${base}/api/docs/json`))
    .json()
    .then((document) => Object.keys(document.webhooks));
  const endpoints = [];
  for (const name of ["crm", "erp", "warehouse"]) {
    const response = await fetch(`${base}/api/admin/webhooks`, {
      method: "POST",
      headers,
      body: JSON.stringify({ url: `http://127.0.0.1:${receiver.port}/${name}`, events }),
    });
    if (response.status !== 201)
      throw new Error(`adding a webhook: ${response.status} ${await response.text()}`);
    endpoints.push((await response.json())._id);
  }
  return endpoints;
}

/** Deliveries that needed more than one attempt: each waited for its retry (30 s at first). */
async function retriedOf(endpoints, headers) {
  let retried = 0;
  for (const id of endpoints) {
    for (let page = 1; ; page++) {
      const list = await (
        await fetch(`${base}/api/admin/webhooks/${id}/deliveries?page=${page}&size=100`, { headers })
      ).json();
      retried += list.deliveries.filter((delivery) => delivery.attempts > 1).length;
      if (page * 100 >= list.total) break;
    }
  }
  return retried;
}

/** One round: the burst without webhooks, then the same orders announced to three endpoints. */
async function round(number) {
  seed();
  let stop = await startServer();
  const plain = await burst();
  report(`round ${number}: POST /api/order, no webhooks (${buyers} customers)`, {
    "req/s": Math.round(plain.rps),
    "p50 ms": plain.p50,
    "p99 ms": plain.p99,
    failures: plain.failures,
    orders: plain.sent,
  });
  await stop();

  seed();
  stop = await startServer();
  const admin = await signIn(base, benchAdminEmail);
  const headers = { cookie: admin, origin: base, "content-type": "application/json" };
  const endpoints = await addEndpoints(headers);
  receiver.received.count = 0;
  receiver.received.times = [];
  const announced = await burst();
  const expected = announced.sent * 3;
  const deadline = performance.now() + drainLimitMs;
  while (receiver.received.count < expected && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  const drainedMs =
    receiver.received.count >= expected ? Math.max(receiver.received.last - announced.lastAnswer, 0) : null;
  const retried = await retriedOf(endpoints, headers);
  report(`round ${number}: POST /api/order, 3 webhooks on every event (${buyers} customers)`, {
    "req/s": Math.round(announced.rps),
    "p50 ms": announced.p50,
    "p99 ms": announced.p99,
    failures: announced.failures,
    orders: announced.sent,
    ratio: `${Math.round((100 * announced.rps) / plain.rps)}%`,
    deliveries: `${receiver.received.count} of ${expected}`,
    // Deliveries that shared the machine with the burst itself.
    "during the burst": receiver.received.times.filter((time) => time <= announced.lastAnswer).length,
    retried,
    "drained in s": drainedMs === null ? `not within ${drainLimitMs / 1000}` : (drainedMs / 1000).toFixed(1),
  });
  // The next round, and the other benches, run without these endpoints.
  for (const id of endpoints) {
    await fetch(`${base}/api/admin/webhooks/${id}`, {
      method: "DELETE",
      headers: { cookie: admin, origin: base },
    });
  }
  await stop();
  return { plain, announced, drainedMs };
}

if (needsBuild()) run("npm", ["run", "build"]);
const receiver = await startReceiver();
try {
  console.log(`Seeding ${orderCount} orders (${databaseUrl ? "PostgreSQL" : `PGlite in ${dataDir}`})...`);
  const results = [];
  for (let number = 1; number <= rounds; number++) results.push(await round(number));
  // Over all rounds: orders placed over the time they took, with webhooks against without.
  const rate = (bursts) =>
    bursts.reduce((sum, one) => sum + one.sent, 0) / bursts.reduce((sum, one) => sum + one.sent / one.rps, 0);
  const drains = results.map((one) => one.drainedMs);
  report(`all ${rounds} rounds`, {
    "req/s": `${Math.round(rate(results.map((one) => one.plain)))} / ${Math.round(rate(results.map((one) => one.announced)))}`,
    ratio: `${Math.round((100 * rate(results.map((one) => one.announced))) / rate(results.map((one) => one.plain)))}% (target ≥ 90%)`,
    "drained in s": drains.includes(null)
      ? "not every round"
      : `at most ${(Math.max(...drains) / 1000).toFixed(1)} (target ≤ 10)`,
  });
  console.log(
    `\n${databaseUrl ? "PostgreSQL" : "PGlite"}, ${os.cpus().length} cores, receiver ${receiverMs} ms, ${new Date().toISOString()}`,
  );
  console.table(rows);
} finally {
  receiver.close();
}
