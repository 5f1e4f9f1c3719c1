// The order burst of `npm run bench` and `BENCH_INSTANCES=… npm run bench`: every signed-in buyer
// orders every plan once, `connections` requests at a time.

/**
 * Places the orders through `load` (an autocannon run) and answers its figures, with `rps` taken
 * from the start to the last answer: autocannon itself ends a run of a fixed number of requests
 * on its one-second tick, which would round a burst of 1,200 orders up to whole seconds.
 */
export async function orderBurst({ base, cookies, plans, load }) {
  const queue = cookies.flatMap((cookie) => plans.map((plan) => ({ cookie, serviceId: plan._id })));
  let next = 0;
  let lastAnswer = 0;
  const orderRequest = (request) => {
    const item = queue[next++ % queue.length];
    return {
      ...request,
      headers: { ...request.headers, cookie: item.cookie, origin: base, "content-type": "application/json" },
      body: JSON.stringify({ serviceId: item.serviceId, phone: "0123456789" }),
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
