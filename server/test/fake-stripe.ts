import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

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
  let next = 0;

  const server = createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json", "request-id": `req_${next}` });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? "/", "http://fake");
    if (request.method === "POST" && url.pathname === "/v1/payment_intents") {
      const key = String(request.headers["idempotency-key"] ?? "");
      idempotencyKeys.push(key);
      const existing = key ? byIdempotencyKey.get(key) : undefined;
      if (existing) return send(200, existing);
      const form = await readBody(request);
      next += 1;
      const id = `pi_fake_${next}`;
      const metadata: Record<string, string> = {};
      for (const [name, value] of form) {
        const match = name.match(/^metadata\[(.+)\]$/);
        if (match?.[1]) metadata[match[1]] = value;
      }
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
    const retrieve = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)$/);
    if (request.method === "GET" && retrieve?.[1]) {
      const intent = intents.get(retrieve[1]);
      if (intent) return send(200, intent);
      return send(404, {
        error: { type: "invalid_request_error", code: "resource_missing", message: "No such payment_intent" },
      });
    }
    send(404, { error: { type: "invalid_request_error", message: "Unrecognized request URL" } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  return {
    apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    intents,
    idempotencyKeys,
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
