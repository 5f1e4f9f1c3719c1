// BENCH_ONLY=catalog of `npm run bench`: GET /api/services and /api/pricing, the shop beside the
// bare route serving the same bytes, in rounds taken in turn; the medians are reported, with each
// server's CPU time per request and the lines the shop's log gained.
import { readFileSync, statSync } from "node:fs";
import { cpuMicroseconds } from "./bench-processes.mjs";

/** Lines in a log file (0 when absent). */
function logLines(file) {
  let count = 0;
  const text = readFileSync(file);
  for (let i = text.indexOf(10); i !== -1; i = text.indexOf(10, i + 1)) count++;
  return count;
}

/**
 * `servers`: the running children, the shop first; `startBare` adds the bare server to them.
 * `load` is one autocannon run; `report` prints a row and answers it. `logFile` is the shop's log.
 */
export async function benchCatalog({
  base,
  barePort,
  servers,
  startBare,
  load,
  report,
  logFile,
  pinned,
  rounds,
  seconds,
  connections,
}) {
  const samples = [
    { name: "GET /api/services", url: "/api/services" },
    { name: "GET /api/pricing", url: "/api/pricing" },
  ];
  await startBare(samples);
  // Two seconds on each route first, unmeasured, so neither server is timed while it warms up.
  for (const sample of samples) {
    await load({ url: `${base}${sample.url}`, duration: 2 });
    await load({ url: `http://127.0.0.1:${barePort}${sample.url}`, duration: 2 });
  }
  console.log(
    `\n${seconds} s per run, ${connections} connections, LOG_LEVEL=info, ${
      pinned ? "servers on core 0, load on core 1" : "not pinned"
    }, medians of ${rounds} rounds\n`,
  );
  let requests = 0;
  const linesBefore = logLines(logFile);
  // Each server's CPU time per request as well: steadier than requests/s on a busy machine.
  const [server, bareServer] = servers;
  const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
  for (const sample of samples) {
    const shopRuns = [];
    const bareRuns = [];
    for (let round = 0; round < rounds; round++) {
      const shopCpu = cpuMicroseconds(server.pid);
      const shop = await load({ url: `${base}${sample.url}` });
      shopRuns.push({ ...shop, us: (cpuMicroseconds(server.pid) - shopCpu) / shop.total });
      requests += shop.total;
      const bareCpu = cpuMicroseconds(bareServer.pid);
      const bare = await load({ url: `http://127.0.0.1:${barePort}${sample.url}` });
      bareRuns.push({ ...bare, us: (cpuMicroseconds(bareServer.pid) - bareCpu) / bare.total });
      console.log(
        `  ${sample.name} round ${round + 1}: ${Math.round(shop.rps)} req/s (${shopRuns.at(-1).us.toFixed(1)} µs CPU), bare ${Math.round(bare.rps)} (${bareRuns.at(-1).us.toFixed(1)} µs)`,
      );
    }
    const shop = shopRuns.find((run) => run.rps === median(shopRuns.map((r) => r.rps)));
    const bare = bareRuns.find((run) => run.rps === median(bareRuns.map((r) => r.rps)));
    Object.assign(report(sample.name, shop, bare), {
      "CPU µs/req": Math.round(median(shopRuns.map((r) => r.us))),
      "bare CPU µs/req": Math.round(median(bareRuns.map((r) => r.us))),
    });
  }
  const lines = logLines(logFile) - linesBefore;
  console.log(
    `server log: ${lines} lines for ${requests} requests (${(lines / requests).toFixed(2)} a request), ${Math.round(statSync(logFile).size / 1024 / 1024)} MB`,
  );
}
