// `node scripts/bench-vacuum.mjs`: how long the embedded database's hourly vacuum (server/src/upkeep.ts)
// holds the database, table by table, on the benchmarks' data (BENCH_DATA_DIR, seeded by `npm run
// bench`), twice: the first as after the seed, the second as the next hour's run finds it. Each
// table is one statement, so a request waits at most the longest table's time. Needs `npm run build`.
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { root } from "./build-state.mjs";

const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), "agency-bench"));
const dist = (file) => import(pathToFileURL(path.join(root, "server/dist", file)).href);
const { openDatabase } = await dist("db/client.js");
const { upkeepHandlers } = await dist("upkeep.js");
const database = await openDatabase({ databaseUrl: undefined, dataDir });
try {
  for (const round of [1, 2]) {
    const took = {};
    const handlers = upkeepHandlers({
      db: database.db,
      retention: { webhookDays: 0, jobDays: 0, signInDays: 0 },
      embedded: true,
      log: { info: (fields) => Object.assign(took, fields.took) },
    });
    const started = performance.now();
    await handlers["upkeep.vacuum"]();
    const longest = Object.entries(took).sort((a, b) => b[1] - a[1])[0];
    console.log(
      JSON.stringify({ round, "total ms": Math.round(performance.now() - started), longest, tables: took }),
    );
  }
} finally {
  await database.close();
}
