import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { type FakeRefund, refundOf } from "./fake-stripe-refunds.js";

type FakeIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  created: number;
};

type FakeInvoice = {
  id: string;
  object: "invoice";
  status: "open" | "paid";
  subscription: string;
  amount_due: number;
  amount_paid: number;
  currency: string;
  billing_reason: string;
  attempt_count: number;
  next_payment_attempt: number | null;
  hosted_invoice_url: string;
  confirmation_secret: { client_secret: string; type: "payment_intent" };
  payments: { object: "list"; data: Array<{ payment: { type: "payment_intent"; payment_intent: string } }> };
  lines: { object: "list"; data: Array<{ period: { start: number; end: number } }> };
  parent: {
    type: "subscription_details";
    subscription_details: { subscription: string; metadata: Record<string, string> };
  };
};

type FakeSubscription = {
  id: string;
  object: "subscription";
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  items: {
    object: "list";
    data: Array<{ price: { id: string }; current_period_start: number; current_period_end: number }>;
  };
  latest_invoice: string;
  ended_at: number | null;
};

const DAY = 24 * 60 * 60;

async function readBody(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/**
 * The two PaymentIntents calls the shop makes, answered like Stripe's API does (form-encoded
 * requests, idempotency keys, `resource_missing` errors), so the real SDK can be pointed at it.
 */
export async function startFakeStripe() {
  const intents = new Map<string, FakeIntent>();
  const byIdempotencyKey = new Map<string, FakeIntent>();
  const idempotencyKeys: string[] = [];
  const prices = new Map<
    string,
    { id: string; lookup_key: string; unit_amount: number; currency: string; interval: string }
  >();
  const subscriptions = new Map<string, FakeSubscription>();
  const coupons = new Map<string, { id: string; amount_off: number; duration: string }>();
  const invoices = new Map<string, FakeInvoice>();
  const byKey = new Map<string, unknown>();
  const refunds: FakeRefund[] = [];
  let next = 0;

  function metadataOf(form: URLSearchParams): Record<string, string> {
    const metadata: Record<string, string> = {};
    for (const [name, value] of form) {
      const match = name.match(/^metadata\[(.+)\]$/);
      if (match?.[1]) metadata[match[1]] = value;
    }
    return metadata;
  }

  /**
   * An invoice of a subscription and the PaymentIntent that pays it, as Stripe opens them: the
   * recurring price, and on the first one the one-time items and the coupon the subscription was
   * created with (`adjustmentCents`).
   */
  function openInvoice(
    subscription: FakeSubscription,
    billingReason: string,
    start: number,
    end: number,
    adjustmentCents = 0,
  ) {
    next += 1;
    const price = [...prices.values()].find((item) => item.id === subscription.items.data[0]?.price.id);
    const amount = (price?.unit_amount ?? 0) + adjustmentCents;
    // An invoice is in its price's currency, as Stripe bills it.
    const currency = price?.currency ?? "usd";
    const intent: FakeIntent = {
      id: `pi_fake_${next}`,
      object: "payment_intent",
      amount,
      amount_received: 0,
      currency,
      status: "requires_payment_method",
      client_secret: `pi_fake_${next}_secret_fake`,
      metadata: {},
      created: start,
    };
    intents.set(intent.id, intent);
    const invoice: FakeInvoice = {
      id: `in_fake_${next}`,
      object: "invoice",
      status: "open",
      subscription: subscription.id,
      amount_due: amount,
      amount_paid: 0,
      currency,
      billing_reason: billingReason,
      attempt_count: 0,
      next_payment_attempt: null,
      hosted_invoice_url: `https://invoice.stripe.test/in_fake_${next}`,
      confirmation_secret: { client_secret: intent.client_secret, type: "payment_intent" },
      payments: {
        object: "list",
        data: [{ payment: { type: "payment_intent", payment_intent: intent.id } }],
      },
      lines: { object: "list", data: [{ period: { start, end } }] },
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
    };
    invoices.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    return invoice;
  }

  const withInvoice = (subscription: FakeSubscription, expand: string[]) =>
    expand.some((path) => path.startsWith("latest_invoice"))
      ? { ...subscription, latest_invoice: invoices.get(subscription.latest_invoice) }
      : subscription;

  const server = createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json", "request-id": `req_${next}` });
      response.end(JSON.stringify(body));
    };
    const missing = (what: string) =>
      send(404, {
        error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}` },
      });
    const url = new URL(request.url ?? "/", "http://fake");
    if (request.method === "POST" && url.pathname === "/v1/payment_intents") {
      const key = String(request.headers["idempotency-key"] ?? "");
      idempotencyKeys.push(key);
      const existing = key ? byIdempotencyKey.get(key) : undefined;
      if (existing) return send(200, existing);
      const form = await readBody(request);
      next += 1;
      const id = `pi_fake_${next}`;
      const metadata = metadataOf(form);
      const intent: FakeIntent = {
        id,
        object: "payment_intent",
        amount: Number(form.get("amount")),
        amount_received: 0,
        currency: String(form.get("currency")),
        status: "requires_payment_method",
        client_secret: `${id}_secret_fake`,
        metadata,
        created: Math.floor(Date.now() / 1000),
      };
      intents.set(id, intent);
      if (key) byIdempotencyKey.set(key, intent);
      return send(200, intent);
    }
    const key = String(request.headers["idempotency-key"] ?? "");
    if (request.method === "POST" && key && url.pathname !== "/v1/payment_intents") idempotencyKeys.push(key);
    if (request.method === "POST" && key && byKey.has(`${url.pathname}:${key}`)) {
      return send(200, byKey.get(`${url.pathname}:${key}`));
    }
    const remember = (body: unknown) => {
      if (key) byKey.set(`${url.pathname}:${key}`, body);
      return send(200, body);
    };
    if (request.method === "POST" && url.pathname === "/v1/customers") {
      await readBody(request);
      next += 1;
      return remember({ id: `cus_fake_${next}`, object: "customer" });
    }
    if (request.method === "GET" && url.pathname === "/v1/prices") {
      const wanted = [...url.searchParams]
        .filter(([name]) => name.startsWith("lookup_keys"))
        .map(([, v]) => v);
      const data = [...prices.values()].filter((price) => wanted.includes(price.lookup_key));
      return send(200, { object: "list", data, has_more: false });
    }
    if (request.method === "POST" && url.pathname === "/v1/prices") {
      const form = await readBody(request);
      next += 1;
      const price = {
        id: `price_fake_${next}`,
        object: "price",
        lookup_key: String(form.get("lookup_key")),
        unit_amount: Number(form.get("unit_amount")),
        currency: String(form.get("currency")),
        interval: String(form.get("recurring[interval]")),
        product_name: String(form.get("product_data[name]")),
      };
      prices.set(price.id, price);
      return remember(price);
    }
    if (request.method === "POST" && url.pathname === "/v1/coupons") {
      const form = await readBody(request);
      next += 1;
      const coupon = {
        id: `coupon_fake_${next}`,
        object: "coupon",
        amount_off: Number(form.get("amount_off")),
        duration: String(form.get("duration")),
      };
      coupons.set(coupon.id, coupon);
      return remember(coupon);
    }
    if (request.method === "POST" && url.pathname === "/v1/subscriptions") {
      const form = await readBody(request);
      next += 1;
      const priceId = String(form.get("items[0][price]"));
      const oneTime = prices.get(String(form.get("add_invoice_items[0][price]")))?.unit_amount ?? 0;
      const couponOff = coupons.get(String(form.get("discounts[0][coupon]")))?.amount_off ?? 0;
      const interval = [...prices.values()].find((price) => price.id === priceId)?.interval;
      const start = Math.floor(Date.now() / 1000);
      const end = start + (interval === "year" ? 365 : 30) * DAY;
      const subscription: FakeSubscription = {
        id: `sub_fake_${next}`,
        object: "subscription",
        customer: String(form.get("customer")),
        status: "incomplete",
        cancel_at_period_end: false,
        metadata: metadataOf(form),
        items: {
          object: "list",
          data: [{ price: { id: priceId }, current_period_start: start, current_period_end: end }],
        },
        latest_invoice: "",
        ended_at: null,
      };
      subscriptions.set(subscription.id, subscription);
      openInvoice(subscription, "subscription_create", start, end, oneTime - couponOff);
      return remember(withInvoice(subscription, form.getAll("expand[0]").concat(form.getAll("expand[1]"))));
    }
    const subscriptionPath = url.pathname.match(/^\/v1\/subscriptions\/([^/]+)$/);
    if (subscriptionPath?.[1]) {
      const subscription = subscriptions.get(subscriptionPath[1]);
      if (!subscription) {
        return missing("subscription");
      }
      if (request.method === "POST") {
        const form = await readBody(request);
        if (form.has("cancel_at_period_end")) {
          subscription.cancel_at_period_end = form.get("cancel_at_period_end") === "true";
        }
      }
      if (request.method === "DELETE") {
        subscription.status = "canceled";
        subscription.ended_at = Math.floor(Date.now() / 1000);
      }
      return send(200, withInvoice(subscription, url.searchParams.getAll("expand[0]")));
    }
    const invoicePath = url.pathname.match(/^\/v1\/invoices\/([^/]+)$/);
    if (request.method === "GET" && invoicePath?.[1]) {
      const invoice = invoices.get(invoicePath[1]);
      if (invoice) return send(200, invoice);
      return missing("invoice");
    }
    if (request.method === "POST" && url.pathname === "/v1/refunds") {
      const refund = refundOf(await readBody(request), intents, refunds, () => `re_fake_${++next}`);
      if ("error" in refund) return send(400, refund);
      refunds.push(refund);
      return remember(refund);
    }
    const retrieve = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)$/);
    if (request.method === "GET" && retrieve?.[1]) {
      const intent = intents.get(retrieve[1]);
      if (intent) return send(200, intent);
      return missing("payment_intent");
    }
    send(404, { error: { type: "invalid_request_error", message: "Unrecognized request URL" } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  return {
    apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    intents,
    idempotencyKeys,
    prices,
    coupons,
    subscriptions,
    invoices,
    refunds,
    /** Stripe Billing charged a subscription's invoice: the invoice is paid, its intent succeeded. */
    payInvoice(id: string) {
      const invoice = invoices.get(id);
      if (!invoice) throw new Error(`no invoice ${id}`);
      const intentId = invoice.payments.data[0]?.payment.payment_intent ?? "";
      const intent = intents.get(intentId);
      if (intent) {
        intent.status = "succeeded";
        intent.amount_received = intent.amount;
      }
      invoice.status = "paid";
      invoice.amount_paid = invoice.amount_due;
      invoice.attempt_count += 1;
      const subscription = subscriptions.get(invoice.subscription);
      if (subscription) subscription.status = "active";
      return invoice;
    },
    /** The period's end at Stripe: the next invoice of the subscription, not yet paid. */
    renew(subscriptionId: string) {
      const subscription = subscriptions.get(subscriptionId);
      const item = subscription?.items.data[0];
      if (!subscription || !item) throw new Error(`no subscription ${subscriptionId}`);
      const start = item.current_period_end;
      const end = start + (item.current_period_end - item.current_period_start);
      item.current_period_start = start;
      item.current_period_end = end;
      return openInvoice(subscription, "subscription_cycle", start, end);
    },
    /** What happens at Stripe when the customer's card is charged. */
    succeed(id: string, amount?: number) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      intent.status = "succeeded";
      intent.amount_received = amount ?? intent.amount;
      return intent;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
