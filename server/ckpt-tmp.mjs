import { PGlite } from "@electric-sql/pglite";
import { execFileSync } from "node:child_process";
const dir = "/tmp/ckpt-test2";
const params = [...PGlite.defaultStartParams, ...(process.argv[2] ? ["-c", "max_wal_size=64MB", "-c", "min_wal_size=32MB"] : [])];
const db = await PGlite.create(dir, { startParams: params });
await db.exec("create table if not exists t (id serial primary key, v text)");
const du = () => execFileSync("du", ["-sm", `${dir}/pg_wal`], { encoding: "utf8" }).split("\t")[0];
for (let round = 0; round < 6; round++) {
  for (let i = 0; i < 5; i++) await db.exec("insert into t (v) select repeat('x', 500) from generate_series(1, 20000)");
  const before = du();
  const t = performance.now();
  if (process.argv[3]) await db.exec("checkpoint");
  console.log(round, "wal MB before", before, "after checkpoint", du(), "ms", Math.round(performance.now() - t));
}
await db.close();
