// The rules' cost under `npm run bench` (BENCH_ONLY=rules), on the seeded orders and the board's
// team (scripts/bench-board.mjs): customers order and pay with the test card, `connections` at a
// time, with three active rules on every paid order ("assign the least-loaded of five members",
// "post the welcome template", "due in a week, the company's Admins follow") beside the same
// orders with the rules paused, in turns (BENCH_ORDER_ROUNDS, 3), so a machine that gets busier
// or quieter weighs on both alike. Each part is timed twice: to its last answer (what customers
// wait for), and until the job queue is still again (the rules' runs and the mails done too).
// Then every order is read back: with the rules, assigned to one of the five, due, and the welcome
// posted once; without them, none of it.

import { cpuMicroseconds, inBatches } from "./bench-processes.mjs";
import { benchAdminEmail, buyerEmail } from "./seed-orders.mjs";

const members = [1, 2, 3, 4, 5].map((i) => `bench-staff-${i}`);
const welcome = {
  name: "Bench welcome",
  body: "Welcome {{customer.name}}, order {{order.number}} is ours now.",
};
const card = { cardNumber: "4242424242424242", expiry: "12/40", cvc: "123" };

/** The welcome template and the three rules (made once, kept between runs); answers the rules' ids. */
async function setUpRules(call) {
  const named = (list) => list.find((each) => each.name === welcome.name);
  const template =
    named(await call("GET", "/admin/templates")) ?? named(await call("POST", "/admin/templates", welcome));
  const wanted = [
    { name: "Bench: least-loaded", actions: [{ type: "assign", mode: "least_loaded", memberIds: members }] },
    {
      name: "Bench: welcome",
      actions: [{ type: "post_message", templateId: template._id, internal: false }],
    },
    {
      name: "Bench: due and followers",
      actions: [
        { type: "set_due", days: 7 },
        { type: "add_follower", role: "admin" },
      ],
    },
  ];
  let rules = await call("GET", "/admin/automations");
  for (const rule of wanted) {
    if (!rules.some((each) => each.name === rule.name)) {
      rules = await call("POST", "/admin/automations", { ...rule, trigger: "order_paid" });
    }
  }
  return wanted.map((rule) => rules.find((each) => each.name === rule.name)._id);
}

/**
 * Every buyer orders every plan and pays it with the test card (three requests), `connections`
 * at a time. Answers the orders' ids, each paid order's time (ms) and the failures.
 */
async function payBurst({ base, cookies, plans, connections }) {
  const queue = cookies.flatMap((cookie) => plans.map((plan) => ({ cookie, plan })));
  const orderIds = [];
  const times = [];
  let failures = 0;
  let next = 0;
  const post = async (cookie, path, body) => {
    const response = await fetch(`${base}/api${path}`, {
      method: "POST",
      headers: { cookie, origin: base, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const worker = async () => {
    while (next < queue.length) {
      const { cookie, plan } = queue[next++];
      const started = performance.now();
      try {
        const { insertedId } = await post(cookie, "/order", { serviceId: plan._id, phone: "0123456789" });
        const intent = await post(cookie, "/create-payment-intent", { orderId: insertedId });
        await post(cookie, "/payments/test/confirm", { ...intent, ...card });
        orderIds.push(insertedId);
        times.push(performance.now() - started);
      } catch (error) {
        failures++;
        if (failures <= 3) console.error(error.message);
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return { orderIds, times, failures };
}

/**
 * Waits (polling every 100 ms) until no job runs and the queued ones (renewals and checks
 * scheduled for later stay queued) are as many as 100 ms before; answers when it first was so.
 */
async function queueStill(base, adminCookie) {
  let last;
  for (;;) {
    const response = await fetch(`${base}/api/admin/jobs?size=1`, { headers: { cookie: adminCookie } });
    if (!response.ok) throw new Error(`reading the job queue: ${response.status}`);
    const { counts } = await response.json();
    const now = performance.now();
    if (counts.running === 0 && last?.queued === counts.queued) return last.at;
    last = counts.running === 0 ? { queued: counts.queued, at: now } : undefined;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** What each order became: its assignee, due date and the welcome messages in its thread. */
async function readBack(base, adminCookie, orderIds) {
  const headers = { cookie: adminCookie };
  return inBatches(orderIds, 10, async (id) => {
    const order = await (await fetch(`${base}/api/admin/orders/${id}`, { headers })).json();
    const { messages } = await (await fetch(`${base}/api/order/${id}/messages`, { headers })).json();
    return {
      assignee: order.assignee?.id ?? null,
      due: Boolean(order.dueAt),
      welcomes: messages.filter((message) => message.body.startsWith("Welcome ")).length,
    };
  });
}

export async function benchRules({ base, plans, report, signIn, serverPid, buyers, rounds, connections }) {
  const adminCookie = await signIn(benchAdminEmail);
  const call = async (method, path, body) => {
    const response = await fetch(`${base}/api${path}`, {
      method,
      headers: { cookie: adminCookie, origin: base, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const ruleIds = await setUpRules(call);
  const pauseAll = (paused) =>
    Promise.all(ruleIds.map((id) => call("POST", `/admin/automations/${id}/pause`, { paused })));
  const cookies = await inBatches(
    Array.from({ length: 2 * buyers + 10 }, (_, i) => buyerEmail(i + 1)),
    4,
    signIn,
  );
  const kinds = [
    { name: "rules paused", paused: true, cookies: cookies.slice(0, buyers) },
    { name: "3 active rules", paused: false, cookies: cookies.slice(buyers, 2 * buyers) },
  ];
  // Warm-up, with the rules on: not counted.
  await pauseAll(false);
  await payBurst({ base, cookies: cookies.slice(2 * buyers), plans, connections });
  await queueStill(base, adminCookie);
  const totals = new Map(
    kinds.map((kind) => [
      kind.name,
      { orderIds: [], times: [], failures: 0, answerMs: 0, stillMs: 0, cpuUs: 0 },
    ]),
  );
  for (let round = 0; round < rounds; round++) {
    for (const kind of kinds) {
      const size = Math.ceil(kind.cookies.length / rounds);
      const part = kind.cookies.slice(round * size, (round + 1) * size);
      if (part.length === 0) continue;
      await pauseAll(kind.paused);
      const cpuBefore = cpuMicroseconds(serverPid);
      const started = performance.now();
      const burst = await payBurst({ base, cookies: part, plans, connections });
      const answered = performance.now();
      const still = await queueStill(base, adminCookie);
      const total = totals.get(kind.name);
      total.cpuUs += cpuMicroseconds(serverPid) - cpuBefore;
      total.orderIds.push(...burst.orderIds);
      total.times.push(...burst.times);
      total.failures += burst.failures;
      total.answerMs += answered - started;
      total.stillMs += still - started;
    }
  }
  await pauseAll(true);
  const figures = new Map();
  for (const [name, total] of totals) {
    const sorted = [...total.times].sort((a, b) => a - b);
    const row = {
      "paid orders": total.orderIds.length,
      "orders/s to last answer": Math.round((1000 * total.orderIds.length) / total.answerMs),
      "orders/s until the queue is still": Math.round((1000 * total.orderIds.length) / total.stillMs),
      "p50 ms": Math.round(percentile(sorted, 50)),
      "p95 ms": Math.round(percentile(sorted, 95)),
      "CPU ms/order": (total.cpuUs / 1000 / total.orderIds.length).toFixed(2),
      failures: total.failures,
    };
    figures.set(name, row);
  }
  const plain = figures.get("rules paused");
  const ruled = figures.get("3 active rules");
  const ratio = (key) => `${Math.round((100 * ruled[key]) / plain[key])}%`;
  ruled["vs paused, to last answer"] = ratio("orders/s to last answer");
  ruled["vs paused, until still"] = ratio("orders/s until the queue is still");
  for (const [name, row] of figures)
    report(`POST /api/order + pay by test card (${name}, ${connections} at a time)`, row);
  console.log(
    `paid orders with three active rules: ${ruled["orders/s until the queue is still"]} orders/s until the queue is still beside ${plain["orders/s until the queue is still"]} with the rules paused: ${ruled["vs paused, until still"]} (target ≥ 90%); to the last answer ${ruled["vs paused, to last answer"]}`,
  );
  for (const [name, expected] of [
    ["rules paused", { assigned: false, welcomes: 0 }],
    ["3 active rules", { assigned: true, welcomes: 1 }],
  ]) {
    const orders = await readBack(base, adminCookie, totals.get(name).orderIds);
    const wrong = orders.filter(
      (order) =>
        (expected.assigned ? !members.includes(order.assignee) || !order.due : order.assignee !== null) ||
        order.welcomes !== expected.welcomes,
    ).length;
    const perMember = members.map((member) => orders.filter((order) => order.assignee === member).length);
    console.log(
      `${name}: ${orders.length} orders read back, ${wrong} not as the rules make them; assigned per member ${perMember.join("/")}`,
    );
  }
}
