// The owner's Overview under `npm run bench` (BENCH_ONLY=overview runs only this), on the seeded
// orders, payments and customers. Two figures: the endpoint as admins call it, a few at a time
// (p50/p95/p99 per request; a process keeps the figures up to 30 s, see docs/decisions/019), and
// the computation alone, every time from the database, as the first call after a payment pays it.
// Run as a script (`node scripts/bench-overview.mjs`), it times that computation on DATA_DIR or
// DATABASE_URL and prints one JSON line; bench.mjs runs it before it starts the server, since the
// embedded database opens in one process at a time.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { measure, percentile } from "./bench-lists.mjs";
import { root } from "./build-state.mjs";

const computations = Number(process.env.BENCH_OVERVIEW_COMPUTATIONS ?? 30);

export async function benchOverview({ base, cookie, report }) {
  const next = () => "/api/admin/overview";
  await measure(base, cookie, next, 40); // warm-up
  report("GET /api/admin/overview (admin)", await measure(base, cookie, next));
}

/** `computeOverview` timed `computations` times in a row, after one warm-up. */
async function timeComputation() {
  const server = (file) => import(pathToFileURL(path.join(root, "server/dist", file)).href);
  const { openDatabase } = await server("db/client.js");
  const { computeOverview } = await server("modules/overview/figures.js");
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: path.resolve(process.env.DATA_DIR ?? path.join(root, "data")),
  });
  await database.migrate();
  try {
    await computeOverview(database.db, new Date());
    const times = [];
    for (let i = 0; i < computations; i++) {
      const begin = performance.now();
      await computeOverview(database.db, new Date());
      times.push(performance.now() - begin);
    }
    times.sort((a, b) => a - b);
    const round = (value) => Math.round(value * 10) / 10;
    return {
      name: `overview computed from the database, every time (${computations} in a row)`,
      "req/s": Math.round(1000 / (times.reduce((sum, time) => sum + time, 0) / times.length)),
      "p50 ms": round(percentile(times, 50)),
      "p95 ms": round(percentile(times, 95)),
      "p99 ms": round(percentile(times, 99)),
      failures: 0,
    };
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await timeComputation()));
}
