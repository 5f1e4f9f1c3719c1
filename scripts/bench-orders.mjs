// The order burst of `npm run bench` and `BENCH_INSTANCES=… npm run bench`: every signed-in buyer
// orders every plan once, `connections` requests at a time. `npm run bench` runs it twice: plain
// orders, then orders that each carry two add-ons and a promo code (`withAddons`).

import { cpuMicroseconds, inBatches } from "./bench-processes.mjs";
import { benchAdminEmail, buyerEmail } from "./seed-orders.mjs";

/**
 * Places the orders through `load` (an autocannon run) and answers its figures, with `rps` taken
 * from the start to the last answer: autocannon itself ends a run of a fixed number of requests
 * on its one-second tick, which would round a burst of 1,200 orders up to whole seconds.
 * `extra(plan)` adds fields to each order's body (add-ons, a promo code).
 */
export async function orderBurst({ base, cookies, plans, load, extra = () => ({}) }) {
  const queue = cookies.flatMap((cookie) =>
    plans.map((plan) => ({ cookie, body: { serviceId: plan._id, phone: "0123456789", ...extra(plan) } })),
  );
  let next = 0;
  let lastAnswer = 0;
  const orderRequest = (request) => {
    const item = queue[next++ % queue.length];
    return {
      ...request,
      headers: { ...request.headers, cookie: item.cookie, origin: base, "content-type": "application/json" },
      body: JSON.stringify(item.body),
    };
  };
  const started = performance.now();
  const result = await load({
    url: `${base}/api/order`,
    method: "POST",
    amount: queue.length,
    requests: [
      {
        setupRequest: orderRequest,
        onResponse: () => {
          lastAnswer = performance.now();
        },
      },
    ],
  });
  return { ...result, rps: (queue.length * 1000) / (lastAnswer - started), sent: queue.length, lastAnswer };
}

/**
 * Bursts of several kinds of orders, taken in turn in `rounds` (each kind's buyers split in as
 * many parts), so a machine that gets busier or quieter during the run weighs on every kind alike.
 * Each kind: `{ name, cookies, extra }`. Answers, by kind, the orders' rate over its parts
 * (orders / time from each part's start to its last answer), the median part's p50, the worst
 * p99, the failures, and the server's CPU time per order (`serverPid`), which other processes on
 * the machine do not inflate.
 */
async function interleavedBursts({ base, plans, load, kinds, rounds, serverPid }) {
  const totals = new Map(
    kinds.map((kind) => [kind.name, { sent: 0, ms: 0, cpuUs: 0, failures: 0, parts: [] }]),
  );
  for (let round = 0; round < rounds; round++) {
    for (const kind of kinds) {
      const size = Math.ceil(kind.cookies.length / rounds);
      const cookies = kind.cookies.slice(round * size, (round + 1) * size);
      if (cookies.length === 0) continue;
      const cpuBefore = cpuMicroseconds(serverPid);
      const part = await orderBurst({ base, cookies, plans, load, extra: kind.extra });
      const total = totals.get(kind.name);
      total.cpuUs += cpuMicroseconds(serverPid) - cpuBefore;
      total.sent += part.sent;
      total.ms += (part.sent * 1000) / part.rps;
      total.failures += part.failures;
      total.parts.push(part);
    }
  }
  return new Map(
    [...totals].map(([name, total]) => {
      const p50s = total.parts.map((part) => part.p50).sort((a, b) => a - b);
      return [
        name,
        {
          rps: (total.sent * 1000) / total.ms,
          p50: p50s[Math.floor(p50s.length / 2)],
          p99: Math.max(...total.parts.map((part) => part.p99)),
          failures: total.failures,
          sent: total.sent,
          cpuMsPerOrder: total.cpuUs / 1000 / total.sent,
        },
      ];
    }),
  );
}

/** The add-ons and the code every order of the add-on burst carries. */
const benchAddons = [
  { name: "Bench rush delivery", price: 15, recurring: false },
  { name: "Bench monthly report", price: 9, recurring: true },
];
const benchPromoCode = "BENCH10";

/**
 * Gives every plan on offer the bench's two add-ons and creates its promo code (10 % off, every
 * plan, no limit), through the catalog editor's calls as the owner would; what a previous run
 * made is kept. Answers `extra` for `orderBurst`: each plan's two add-ons and the code.
 */
async function withAddons({ base, adminCookie, plans }) {
  const headers = { cookie: adminCookie, origin: base, "content-type": "application/json" };
  const send = async (method, path, body) => {
    const response = await fetch(`${base}/api${path}`, { method, headers, body: JSON.stringify(body) });
    if (!response.ok && response.status !== 409) {
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    }
    return response.json();
  };
  const editorPlans = await (await fetch(`${base}/api/admin/catalog/plans`, { headers })).json();
  const addonIds = new Map();
  for (const plan of plans) {
    const existing = editorPlans.find((each) => each._id === plan._id)?.addons ?? [];
    const ids = [];
    for (const addon of benchAddons) {
      const found = existing.find((each) => each.name === addon.name);
      ids.push(
        found ? found._id : (await send("POST", `/admin/catalog/plans/${plan._id}/addons`, addon))._id,
      );
    }
    addonIds.set(plan._id, ids);
  }
  await send("POST", "/admin/promo-codes", {
    code: benchPromoCode,
    kind: "percent",
    value: 10,
    validFrom: null,
    validTo: null,
    maxUses: null,
    planId: null,
    appliesTo: "first",
    disabled: false,
  });
  return (plan) => ({ addonIds: addonIds.get(plan._id), promoCode: benchPromoCode });
}

/** The buyers `benchOrders` signs in: two sets of `buyers`, and a few who warm the order path up. */
export const orderBuyersFor = (buyers) => 2 * buyers + Math.max(10, Math.ceil(buyers / 5));

/**
 * Orders: every buyer orders every plan once, from many signed-in customers at a time: plain
 * orders, and orders with two add-ons and a promo code from as many other buyers, in turns
 * (BENCH_ORDER_ROUNDS, 3) after the same warm-up (a few buyers' add-on orders, not counted), so
 * their ratio compares like with like in the same run; the server's CPU time per order is given
 * beside, which a busy machine does not blur. Then each buyer's My Orders is read back: none lost,
 * none twice, and every add-on order with its three lines and its discount.
 */
export async function benchOrders({
  base,
  barePort,
  plans,
  load,
  report,
  signIn,
  serverPid,
  buyers,
  rounds,
}) {
  const cookies = await inBatches(
    Array.from({ length: orderBuyersFor(buyers) }, (_, i) => buyerEmail(i + 1)),
    4,
    signIn,
  );
  const plainBuyers = cookies.slice(0, buyers);
  const addonBuyers = cookies.slice(buyers, 2 * buyers);
  const extra = await withAddons({ base, adminCookie: await signIn(benchAdminEmail), plans });
  await orderBurst({ base, cookies: cookies.slice(2 * buyers), plans, load, extra });
  const kinds = [
    { name: "plain", cookies: plainBuyers, extra: () => ({}) },
    { name: "add-ons", cookies: addonBuyers, extra },
  ];
  const runs = await interleavedBursts({
    base,
    plans,
    load,
    kinds,
    rounds,
    serverPid,
  });
  const plain = runs.get("plain");
  const withExtras = runs.get("add-ons");
  const bareOrders = await load({
    url: `http://127.0.0.1:${barePort}/api/order`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ serviceId: plans[0]._id, phone: "0123456789" }),
  });
  const ratio = Math.round((100 * withExtras.rps) / plain.rps);
  const plainRow = report(`POST /api/order (${buyers} customers)`, plain, bareOrders);
  plainRow["CPU ms/order"] = plain.cpuMsPerOrder.toFixed(2);
  const row = report(
    `POST /api/order, 2 add-ons + promo code (${buyers} other customers)`,
    withExtras,
    bareOrders,
  );
  row["CPU ms/order"] = withExtras.cpuMsPerOrder.toFixed(2);
  row["vs plain"] = `${ratio}%`;
  console.log(
    `orders with 2 add-ons and a promo code: ${Math.round(withExtras.rps)} req/s beside ${Math.round(plain.rps)} req/s plain in this run: ${ratio}% (target ≥ 90%); server CPU ${withExtras.cpuMsPerOrder.toFixed(2)} ms an order beside ${plain.cpuMsPerOrder.toFixed(2)} ms`,
  );
  for (const [name, run, buyerCookies, complete] of [
    ["plain orders", plain, plainBuyers, () => true],
    [
      "orders with add-ons",
      withExtras,
      addonBuyers,
      (order) => order.lines?.length === 3 && order.discount > 0 && order.promoCode === benchPromoCode,
    ],
  ]) {
    const placed = await inBatches(buyerCookies, 10, async (cookie) => {
      const own = await (await fetch(`${base}/api/order`, { headers: { cookie } })).json();
      return {
        count: own.length,
        distinct: new Set(own.map((order) => order.serviceId)).size,
        incomplete: own.filter((order) => !complete(order)).length,
      };
    });
    const stored = placed.reduce((sum, { count }) => sum + count, 0);
    const incomplete = placed.reduce((sum, each) => sum + each.incomplete, 0);
    console.log(
      `${name}: ${run.sent} sent, ${stored} stored, ${run.sent - stored} lost, ${placed.filter(({ count, distinct }) => count !== distinct).length} customers with duplicates, ${incomplete} without their lines and discount`,
    );
  }
}
