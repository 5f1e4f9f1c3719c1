// The admin lists under `npm run bench` (BENCH_ONLY=lists runs only these): All Orders and All
// Users at the seeded size, first page, a page 10,000 rows deep (by number and by cursor), a
// search by a random existing customer's e-mail prefix on every request, filtered lists (one client
// company's orders among them), the Companies page, and a customer's own orders as a person of a
// company of five (`GET /api/order`: every order of the company).
// Latency is timed per request here (p50/p95/p99), a few admins at a time, each list beside a bare
// Fastify route serving the bytes the shop answered (when the caller gives `serveBare`), measured
// in turn in the same run, and each p95 beside the lists' bound (20 ms).
import http from "node:http";
import { cpuMicroseconds, signIn } from "./bench-processes.mjs";
import { companyRun } from "./seed-orders.mjs";

const requests = Number(process.env.BENCH_LIST_REQUESTS ?? 400);
const concurrency = Number(process.env.BENCH_LIST_CONNECTIONS ?? 4);

/** The p95 every list aims to stay under, in ms. */
const listBoundMs = 20;

/** A measured row with its p95 beside the bound (the lists', unless the request has its own). */
export const againstBound = (row, boundMs = listBoundMs) => ({
  ...row,
  "bound p95 ms": boundMs,
  within: row["p95 ms"] < boundMs ? "yes" : "NO",
});

export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * The callers' HTTP client. The bench shares the machine's two cores with the server and the
 * database, so its own work per request delays theirs: Node's `fetch` took 1.5-2.6 ms of CPU per
 * request (most of it reading a compressed answer), Node's `http` with kept connections
 * 0.4-0.8 ms. It asks for the encodings `fetch` asks for over plain HTTP (gzip and deflate, so the
 * server compresses as it did for `fetch`) and reads the answer's bytes as sent, as load
 * generators (wrk, autocannon) do: a person's browser decompresses on their own machine.
 * `BENCH_CLIENT=fetch` measures with `fetch` as before.
 */
const viaFetch = process.env.BENCH_CLIENT === "fetch";
const agent = new http.Agent({ keepAlive: true });

/** GET `url` with `headers`; resolves once the whole answer has arrived, to whether it was a 2xx. */
function get(url, headers) {
  if (viaFetch) {
    return fetch(url, { headers }).then(async (response) => {
      await response.arrayBuffer();
      return response.ok;
    });
  }
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { "accept-encoding": "gzip, deflate", ...headers } }, (response) => {
        response.on("data", () => {});
        response.on("end", () => resolve(response.statusCode >= 200 && response.statusCode < 300));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/** `requests` requests, `callers` at a time, each to the path `next()` gives (with `headers`). */
export async function measure(base, cookie, next, count = requests, headers = {}, callers = concurrency) {
  const times = [];
  let failures = 0;
  let sent = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (sent < count) {
        sent += 1;
        const path = next();
        const begin = performance.now();
        const ok = await get(`${base}${path}`, { ...headers, cookie });
        times.push(performance.now() - begin);
        if (!ok) failures += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const round = (value) => Math.round(value * 10) / 10;
  return {
    "req/s": Math.round(times.length / seconds),
    "p50 ms": round(percentile(times, 50)),
    "p95 ms": round(percentile(times, 95)),
    "p99 ms": round(percentile(times, 99)),
    failures,
  };
}

async function cursorAt(base, cookie, list, depth) {
  let cursor = null;
  for (let i = 0; i < depth / 100; i++) {
    const after = cursor ? `&after=${cursor}` : "";
    const response = await fetch(`${base}/api/${list}?size=100${after}`, { headers: { cookie } });
    cursor = (await response.json()).nextCursor;
  }
  return cursor;
}

/**
 * A company of five people the seed made (scripts/seed-orders.mjs): the numbers of its customers,
 * its Admin first.
 */
function companyOfFive() {
  const start = companyRun.starts.at(-1);
  const people = companyRun.size - start;
  return Array.from({ length: people }, (_, i) => start + i + 1);
}

/**
 * The CPU time one call took on the server and, when given (`databaseCpu`, a PostgreSQL on this
 * machine), in the database, in ms: what bounds the lists when four callers share two cores, and
 * a figure the machine's stolen time (which stretches every latency) leaves alone.
 */
function cpuPerCall(serverPid, databaseCpu) {
  const read = () => ({ server: cpuMicroseconds(serverPid), database: databaseCpu?.() ?? 0 });
  const before = read();
  return (calls) => {
    const after = read();
    const perCall = (field) => Math.round((after[field] - before[field]) / calls / 10) / 100;
    return {
      "server CPU ms/call": perCall("server"),
      ...(databaseCpu ? { "database CPU ms/call": perCall("database") } : {}),
    };
  };
}

export async function benchAdminLists({
  base,
  cookie,
  customers,
  report,
  serveBare,
  bareBase,
  serverPid,
  databaseCpu,
}) {
  const plans = await (await fetch(`${base}/api/pricing`)).json();
  const plan = plans[0]._id;
  const fixed = (path) => () => path;
  const randomCustomer = () => 1 + Math.floor(Math.random() * customers);
  // An e-mail's start: its name part and the "@", so the customer's own rows are what match.
  const emailPrefix = () => encodeURIComponent(`bench-customer-${randomCustomer()}@`);
  // A client company of five people, found as the Companies page finds it: by its Admin's e-mail.
  const [admin, colleague] = companyOfFive();
  const found = await (
    await fetch(`${base}/api/admin/companies?q=${encodeURIComponent(`bench-customer-${admin}@`)}`, {
      headers: { cookie },
    })
  ).json();
  const companyId = found.companies?.[0]?.id;
  if (!companyId)
    console.log("No company of five people: the seed made no companies; its rows are left out.");
  // One of its people who did not place the company's other orders (an Approver).
  const person = companyId ? await signIn(base, `bench-customer-${colleague}@example.com`) : undefined;
  const ordersDeep = await cursorAt(base, cookie, "orders", 10_000);
  const usersDeep = await cursorAt(base, cookie, "users", 10_000);
  const runs = [
    ["orders: first page", fixed("/api/orders?page=0&size=20")],
    ["orders: page 500 by number (10,000 rows deep)", fixed("/api/orders?page=500&size=20")],
    ["orders: 10,000 rows deep by cursor", fixed(`/api/orders?size=20&after=${ordersDeep}`)],
    ["orders: search by e-mail prefix", () => `/api/orders?size=20&q=${emailPrefix()}`],
    ["orders: search by name word", fixed("/api/orders?size=20&q=lovel")],
    ["orders: search by a rare name word (110 orders)", fixed("/api/orders?size=20&q=1234")],
    ["orders: state + plan", fixed(`/api/orders?size=20&state=delivered&plan=${plan}`)],
    ["orders: state + plan, page 500", fixed(`/api/orders?size=20&page=500&state=delivered&plan=${plan}`)],
    ["orders: paid + date range", fixed("/api/orders?size=20&paid=true&from=2025-01-01&to=2026-12-31")],
    ...(companyId
      ? [
          ["orders: company filter (a company of five)", fixed(`/api/orders?size=20&companyId=${companyId}`)],
          [
            "order: a customer's own list, as a person of a company of five (its every order)",
            fixed("/api/order"),
            person,
          ],
          [
            "admin/companies: a company's page (a company of five)",
            fixed(`/api/admin/companies/${companyId}`),
          ],
        ]
      : []),
    ["admin/companies: first page", fixed("/api/admin/companies")],
    ["admin/companies: search by e-mail prefix", () => `/api/admin/companies?q=${emailPrefix()}`],
    ["admin/companies: search by name word", fixed("/api/admin/companies?q=lovel")],
    ["admin/companies: search by a rare name word", fixed("/api/admin/companies?q=1234")],
    ["users: first page", fixed("/api/users?page=0&size=50")],
    ["users: page 200 by number (10,000 rows deep)", fixed("/api/users?page=200&size=50")],
    ["users: 10,000 rows deep by cursor", fixed(`/api/users?size=50&after=${usersDeep}`)],
    ["users: search by e-mail prefix", () => `/api/users?size=50&q=${emailPrefix()}`],
    ["users: role + date range", fixed("/api/users?size=50&role=customer&from=2020-01-01&to=2030-12-31")],
  ];
  // The bytes of each list's first answer, served by a bare route in the same run.
  if (serveBare) {
    const bareRoutes = [];
    for (const [index, [name, next, caller = cookie]] of runs.entries()) {
      const response = await fetch(`${base}${next()}`, { headers: { cookie: caller } });
      const body = Buffer.from(await response.arrayBuffer());
      if (!response.ok) throw new Error(`${name}: ${response.status} ${body.toString()}`);
      bareRoutes.push({
        method: "GET",
        url: `/bare/${index}`,
        contentType: response.headers.get("content-type"),
        body: body.toString("base64"),
      });
    }
    await serveBare(bareRoutes);
  }
  for (const [index, [name, next, caller = cookie]] of runs.entries()) {
    await measure(base, caller, next, 40); // warm-up
    const cpu = serverPid ? cpuPerCall(serverPid, databaseCpu) : undefined;
    const measured = { ...(await measure(base, caller, next)), ...cpu?.(requests) };
    if (!serveBare) {
      report(`GET /api/${name}`, againstBound(measured));
      continue;
    }
    const bare = () => `/bare/${index}`;
    await measure(bareBase, "", bare, 40);
    const baseline = await measure(bareBase, "", bare);
    report(
      `GET /api/${name}`,
      againstBound({
        ...measured,
        "bare p50 ms": baseline["p50 ms"],
        "bare p95 ms": baseline["p95 ms"],
        "bare req/s": baseline["req/s"],
      }),
    );
  }
}
