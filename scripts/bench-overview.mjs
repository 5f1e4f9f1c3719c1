// The owner's Overview under `npm run bench` (BENCH_ONLY=overview runs only this), on the seeded
// orders, payments, customers and subscriptions (some cancelled, some past due). Figures:
// - the endpoint as admins call it, a few at a time (p50/p95/p99 per request): the figures a
//   process keeps (up to 30 s, see docs/decisions/019), churn included, with the latest
//   cancellations and the past-due list read on every call; target p95 < 20 ms;
// - the computation alone, every time from the database, as the first call after a payment pays
//   it, churn included; target p95 < 100 ms; and its churn part alone (the subscriptions summary
//   with the churn read beside it), for where the time goes.
// Run as a script (`node scripts/bench-overview.mjs`), it times the computations on DATA_DIR or
// DATABASE_URL and prints one JSON line each; bench.mjs runs it before it starts the server, since
// the embedded database opens in one process at a time.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { measure, percentile } from "./bench-lists.mjs";
import { root } from "./build-state.mjs";

const computations = Number(process.env.BENCH_OVERVIEW_COMPUTATIONS ?? 30);
export const overviewTargets = { cachedP95Ms: 20, computedP95Ms: 100 };

/** Whether a row's p95 meets its target, as a column of the report. */
const against = (row, target) => ({
  ...row,
  "target p95 ms": target,
  met: row["p95 ms"] < target ? "yes" : "NO",
});

export async function benchOverview({ base, cookie, report }) {
  const next = () => "/api/admin/overview";
  await measure(base, cookie, next, 40); // warm-up
  report(
    "GET /api/admin/overview with churn (admin, figures kept)",
    against(await measure(base, cookie, next), overviewTargets.cachedP95Ms),
  );
}

/** `work` timed `computations` times in a row, after one warm-up. */
async function timed(name, work, target) {
  await work();
  const times = [];
  for (let i = 0; i < computations; i++) {
    const begin = performance.now();
    await work();
    times.push(performance.now() - begin);
  }
  times.sort((a, b) => a - b);
  const round = (value) => Math.round(value * 10) / 10;
  const row = {
    name: `${name} (${computations} in a row)`,
    "req/s": Math.round(1000 / (times.reduce((sum, time) => sum + time, 0) / times.length)),
    "p50 ms": round(percentile(times, 50)),
    "p95 ms": round(percentile(times, 95)),
    "p99 ms": round(percentile(times, 99)),
    failures: 0,
  };
  return target === undefined ? row : against(row, target);
}

async function timeComputations() {
  const server = (file) => import(pathToFileURL(path.join(root, "server/dist", file)).href);
  const { openDatabase } = await server("db/client.js");
  const { computeOverview } = await server("modules/overview/figures.js");
  const { subscriptionFigures } = await server("modules/billing/index.js");
  const { shopMoney } = await server("modules/catalog/index.js");
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: path.resolve(process.env.DATA_DIR ?? path.join(root, "data")),
  });
  await database.migrate();
  try {
    const { currency } = await shopMoney(database.db);
    const whole = await timed(
      "overview with churn computed from the database, every time",
      () => computeOverview(database.db, new Date(), currency),
      overviewTargets.computedP95Ms,
    );
    const churn = await timed("its subscriptions summary and churn alone", () =>
      subscriptionFigures(database.db, new Date()),
    );
    const { churn: figures } = await subscriptionFigures(database.db, new Date());
    return { rows: [whole, churn], figures };
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { rows, figures } = await timeComputations();
  // The churn the seed made, so a run shows the figures are not empty (stderr: not a row).
  console.error(`churn this month: ${JSON.stringify(figures.thisMonth)}`);
  for (const row of rows) console.log(JSON.stringify(row));
}
