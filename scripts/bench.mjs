// `npm run bench`: the shop's server under load, beside a bare Fastify route serving the same bytes.
// Embedded database by default (in BENCH_DATA_DIR, kept between runs), or DATABASE_URL.
// Seeds BENCH_ORDERS orders (1,000,000) first; BENCH_SECONDS (5) per run, BENCH_CONNECTIONS (20).
// BENCH_ONLY runs one part (pages, catalog, lists, overview, board, rules, orders, webhooks, day, soak): see docs/benchmarks.md.
// The catalog runs pin the servers to the first core and the load to the second (taskset;
// BENCH_PIN=0 lets the system place them). Not part of the tests: it prints figures and fails
// only when the server does. BENCH_INSTANCES=1,2 (with DATABASE_URL) compares instances behind a
// proxy instead: see scripts/bench-instances.mjs.
import { spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { benchBoard, benchStaffEmail } from "./bench-board.mjs";
import { benchCatalog } from "./bench-catalog.mjs";
import { benchAdminLists } from "./bench-lists.mjs";
import { benchOrders, orderBuyersFor } from "./bench-orders.mjs";
import { benchOverview } from "./bench-overview.mjs";
import { benchPages } from "./bench-pages.mjs";
import {
  benchProcesses,
  machineLine,
  postgresCpuMicroseconds,
  run,
  signIn as signInAs,
  waitForHealth,
} from "./bench-processes.mjs";
import { benchRules } from "./bench-rules.mjs";
import { needsBuild, root } from "./build-state.mjs";
import { benchAdminEmail } from "./seed-orders.mjs";
import { serverArgs } from "./server-command.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const orderCount = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const buyers = Number(process.env.BENCH_BUYERS ?? 200);
/** The plain and the add-on orders are placed in this many turns each. */
const orderRounds = Number(process.env.BENCH_ORDER_ROUNDS ?? 3);
const databaseUrl = process.env.DATABASE_URL;
const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), "agency-bench"));
const port = Number(process.env.BENCH_PORT ?? 3901);
const barePort = port + 1;
/** The admin lists' bare routes: a server of their own, beside the catalog's in a full run. */
const listsBarePort = port + 2;
/** Whether the database runs on this machine, so its processes' CPU time can be read. */
const isLocalDatabase = (url) => ["127.0.0.1", "localhost", "[::1]", ""].includes(new URL(url).hostname);
/** The admin lists, each beside its bare route (scripts/bench-lists.mjs). */
const adminLists = (cookie) =>
  benchAdminLists({
    base,
    cookie,
    customers: customerCount,
    report: reportList,
    serveBare: (bareRoutes) => serveBare(bareRoutes, listsBarePort),
    bareBase: `http://127.0.0.1:${listsBarePort}`,
    serverPid: children[0].pid,
    databaseCpu: databaseUrl && isLocalDatabase(databaseUrl) ? postgresCpuMicroseconds : undefined,
  });
const pagesOnly = process.env.BENCH_ONLY === "pages";
const listsOnly = process.env.BENCH_ONLY === "lists";
const overviewOnly = process.env.BENCH_ONLY === "overview";
const catalogOnly = process.env.BENCH_ONLY === "catalog";
const boardOnly = process.env.BENCH_ONLY === "board";
const ordersOnly = process.env.BENCH_ONLY === "orders";
const rulesOnly = process.env.BENCH_ONLY === "rules";
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const pinned =
  catalogOnly &&
  process.env.BENCH_PIN !== "0" &&
  os.cpus().length >= 2 &&
  spawnSync("taskset", ["-V"]).status === 0;
if (pinned) spawnSync("taskset", ["-p", "-c", "1", String(process.pid)], { stdio: "ignore" });
const customerCount = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const base = `http://127.0.0.1:${port}`;
const { children, start, stopAll, resident } = benchProcesses({ pinned });

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
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
  };
}

const rows = [];
/** Prints a row of the table and keeps it; answers it, for figures added to it afterwards. */
function report(name, shop, bare) {
  const row = {
    name,
    "req/s": Math.round(shop.rps),
    "p50 ms": shop.p50,
    "p99 ms": shop.p99,
    failures: shop.failures,
    "bare req/s": bare ? Math.round(bare.rps) : "",
    ratio: bare ? `${Math.round((100 * shop.rps) / bare.rps)}%` : "",
  };
  rows.push(row);
  console.log(JSON.stringify(row));
  return row;
}

/** Prints a row of a list's figures (per request) and keeps it. */
function reportList(name, result) {
  rows.push({ name, ...result });
  console.log(JSON.stringify({ name, ...result }));
}

const signIn = (email) => signInAs(base, email);

/** The order bursts on the running shop (scripts/bench-orders.mjs). */
const ordersBench = (plans) =>
  benchOrders({
    base,
    barePort,
    plans,
    load,
    report,
    signIn,
    serverPid: children[0].pid,
    buyers,
    rounds: orderRounds,
  });

/** A bare Fastify server on `onPort` answering each route (method, url, contentType, base64 body). */
async function serveBare(bareRoutes, onPort = barePort) {
  const routesDir = mkdtempSync(path.join(os.tmpdir(), "bench-"));
  const routesFile = path.join(routesDir, "routes.json");
  writeFileSync(routesFile, JSON.stringify(bareRoutes));
  await start(["scripts/bench-bare.mjs", routesFile, String(onPort)], {}, (text) => text.includes("ready"));
  // Read once the bare server is ready.
  rmSync(routesDir, { recursive: true, force: true });
}

/** The same bytes as the shop answers for each sample (and an order's answer), from a bare route. */
async function startBare(samples) {
  const bareRoutes = [];
  for (const sample of samples) {
    const response = await fetch(`${base}${sample.url}`);
    bareRoutes.push({
      method: "GET",
      url: sample.url,
      contentType: response.headers.get("content-type"),
      body: Buffer.from(await response.arrayBuffer()).toString("base64"),
    });
  }
  const orderReply = { success: true, insertedId: "00000000-0000-4000-8000-000000000000" };
  bareRoutes.push({
    method: "POST",
    url: "/api/order",
    contentType: "application/json; charset=utf-8",
    body: Buffer.from(JSON.stringify(orderReply)).toString("base64"),
  });
  await serveBare(bareRoutes);
}

function summary(idleMemory) {
  console.log(
    machineLine(databaseUrl ? "PostgreSQL" : "PGlite", `idle ${idleMemory}`, `after the run ${resident()}`),
  );
  console.table(rows);
}

if (process.env.BENCH_INSTANCES) {
  await import("./bench-instances.mjs");
} else if (["webhooks", "day", "soak"].includes(process.env.BENCH_ONLY)) {
  await import(`./bench-${process.env.BENCH_ONLY}.mjs`);
} else {
  // The catalog rows log as `npm start` does: every request, to a file the server writes itself.
  const logDir = catalogOnly ? mkdtempSync(path.join(os.tmpdir(), "agency-bench-log-")) : undefined;
  const logFile = logDir ? path.join(logDir, "server.log") : undefined;
  const logFd = logFile ? openSync(logFile, "a") : undefined;
  try {
    if (needsBuild()) run("npm", ["run", "build"]);
    const freshData = pagesOnly || catalogOnly;
    const dbEnv = databaseUrl
      ? { DATABASE_URL: databaseUrl }
      : { DATA_DIR: freshData ? mkdtempSync(path.join(os.tmpdir(), "agency-bench-fresh-")) : dataDir };
    if (!freshData) {
      console.log(`Seeding ${orderCount} orders (${databaseUrl ? "PostgreSQL" : `PGlite in ${dataDir}`})...`);
      run(
        process.execPath,
        // More buyers: the add-on orders and the warm-up's come from buyers of their own.
        [
          "scripts/seed-orders.mjs",
          String(orderCount),
          String(orderBuyersFor(buyers)),
          String(customerCount),
        ],
        dbEnv,
      );
      if (boardOnly || rulesOnly) {
        // The team and their assignments, before the server holds the database.
        console.log("Seeding the team and their work...");
        run(process.execPath, ["scripts/bench-board.mjs"], dbEnv);
      } else if (!ordersOnly) {
        // The Overview computed from the database every time, before the server holds the database.
        const computed = spawnSync(process.execPath, ["scripts/bench-overview.mjs"], {
          cwd: root,
          env: { ...process.env, ...dbEnv },
          encoding: "utf8",
          stdio: ["ignore", "pipe", "inherit"],
        });
        if (computed.status !== 0) throw new Error("scripts/bench-overview.mjs failed");
        for (const line of computed.stdout.trim().split("\n")) rows.push(JSON.parse(line));
        console.log(computed.stdout.trim());
      }
    }

    start(
      serverArgs,
      {
        ...dbEnv,
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: base,
        LOG_LEVEL: catalogOnly ? "info" : "warn",
        AUTH_RATE_LIMIT_MAX: "1000000",
      },
      () => false,
      logFd,
    ).catch((error) => {
      console.error(error);
      process.exit(1);
    });
    await waitForHealth(base);
    // Resident memory once started on the existing data, before any load.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const idleMemory = resident();
    console.log(`server idle after start: ${idleMemory} resident`);

    if (pagesOnly) {
      console.log(`\n${seconds} s per run, ${connections} connections\n`);
      await benchPages({ base, load, report });
      summary(idleMemory);
    } else if (listsOnly) {
      const cookie = await signIn(benchAdminEmail);
      await adminLists(cookie);
      summary(idleMemory);
    } else if (catalogOnly) {
      await benchCatalog({
        base,
        barePort,
        servers: children,
        startBare,
        load,
        report,
        logFile,
        pinned,
        rounds,
        seconds,
        connections,
      });
      summary(idleMemory);
    } else if (boardOnly) {
      await benchBoard({
        base,
        bareBase: `http://127.0.0.1:${barePort}`,
        adminCookie: await signIn(benchAdminEmail),
        staffCookie: await signIn(benchStaffEmail(1)),
        serveBare,
        report: reportList,
      });
      summary(idleMemory);
    } else if (rulesOnly) {
      await benchRules({
        base,
        plans: await (await fetch(`${base}/api/pricing`)).json(),
        report: reportList,
        signIn,
        serverPid: children[0].pid,
        buyers,
        rounds: orderRounds,
        connections,
      });
      summary(idleMemory);
    } else if (ordersOnly) {
      await startBare([]);
      console.log(`\n${connections} connections\n`);
      await ordersBench(await (await fetch(`${base}/api/pricing`)).json());
      summary(idleMemory);
    } else if (overviewOnly) {
      await benchOverview({ base, cookie: await signIn(benchAdminEmail), report: reportList });
      summary(idleMemory);
    } else {
      const plans = await (await fetch(`${base}/api/pricing`)).json();
      const samples = [
        { name: "GET /api/services", url: "/api/services" },
        { name: "GET /api/pricing", url: "/api/pricing" },
        { name: "GET / (page)", url: "/" },
      ];
      await startBare(samples);

      console.log(`\n${seconds} s per run, ${connections} connections\n`);
      for (const sample of samples) {
        const shop = await load({ url: `${base}${sample.url}` });
        const bare = await load({ url: `http://127.0.0.1:${barePort}${sample.url}` });
        report(sample.name, shop, bare);
      }
      await benchPages({ base, load, report });

      await ordersBench(plans);

      // The admin lists at the seeded size.
      const admin = await signIn(benchAdminEmail);
      const adminHeaders = { cookie: admin };
      // The cursor of the row 10,000 deep, reached page by page as the All Orders pager does.
      let deepCursor = null;
      for (let i = 0; i < 100; i++) {
        const after = deepCursor ? `&after=${deepCursor}` : "";
        deepCursor = (
          await (await fetch(`${base}/api/orders?size=100${after}`, { headers: { cookie: admin } })).json()
        ).nextCursor;
      }
      const adminRuns = [
        ["GET /api/orders first page with counts (admin)", "/api/orders?page=0&size=20"],
        ["GET /api/orders page 500 by number, 10,000 rows deep (admin)", "/api/orders?page=500&size=20"],
        ["GET /api/orders 10,000 rows deep by cursor (admin)", `/api/orders?size=20&after=${deepCursor}`],
      ];
      for (const [name, url] of adminRuns) {
        report(name, await load({ url: `${base}${url}`, headers: adminHeaders, connections: 4 }));
      }
      await adminLists(admin);
      await benchOverview({ base, cookie: admin, report: reportList });

      // Visitors reading the catalog while an admin pages through the orders.
      const alone = await load({ url: `${base}/api/services` });
      let page = 0;
      const [visitors] = await Promise.all([
        load({ url: `${base}/api/services` }),
        load({
          url: `${base}/api/orders`,
          headers: adminHeaders,
          connections: 1,
          requests: [
            { setupRequest: (request) => ({ ...request, path: `/api/orders?page=${page++ % 500}&size=20` }) },
          ],
        }),
      ]);
      report("GET /api/services, nobody else", alone);
      report("GET /api/services while an admin pages orders", visitors);

      summary(idleMemory);
    }
  } finally {
    stopAll();
    if (logFd !== undefined) closeSync(logFd);
    if (logDir) rmSync(logDir, { recursive: true, force: true });
  }
}
