import type { OrderTrail, VisibilityWorld } from "./visibility-world.js";

/**
 * The calls the visibility walk makes: every GET route of the OpenAPI document with its path
 * filled with the world's real ids (both orders' where a route takes an order's), the searches that
 * could reach another's order, and the writes on the unassigned order that answer with its data.
 */

export type Call = {
  method: "GET" | "POST" | "PUT" | "PATCH";
  url: string;
  payload?: object | Buffer;
  headers?: Record<string, string>;
};

type Values = (world: VisibilityWorld) => string[];
const both =
  (pick: (trail: OrderTrail) => string): Values =>
  (world) => [pick(world.assigned), pick(world.unassigned)];

/**
 * Path values per route with path parameters. A GET route with parameters that is in neither this
 * table nor `notWalked` fails the walk, so a new route gets its ids here.
 */
const pathValues: Record<string, Values> = {
  "/api/pricing/{id}": both((trail) => trail.planId),
  "/api/pricing/{id}/terms": both((trail) => trail.planId),
  "/api/admin/plans/{id}/brief-questions": both((trail) => trail.planId),
  "/api/admin/{email}": both((trail) => trail.customer.email),
  "/api/payment-history/{email}": both((trail) => trail.customer.email),
  "/api/order/{id}": both((trail) => trail.orderId),
  "/api/dashboard/payment/{id}": both((trail) => trail.orderId),
  "/api/admin/payment/{id}": both((trail) => trail.orderId),
  "/api/order/{id}/terms": both((trail) => trail.orderId),
  "/api/order/{id}/receipt": both((trail) => trail.orderId),
  "/api/order/{id}/messages": both((trail) => trail.orderId),
  "/api/order/{id}/followers": both((trail) => trail.orderId),
  "/api/admin/orders/{id}": both((trail) => trail.orderId),
  "/api/admin/orders/{id}/time": both((trail) => trail.orderId),
  "/api/order/{id}/hours": both((trail) => trail.orderId),
  "/api/admin/companies/{id}": both((trail) => trail.companyId),
  "/api/admin/companies/{id}/unbilled-time": both((trail) => trail.companyId),
  "/api/subscriptions/{id}/card-link": both((trail) => trail.subscriptionId),
  "/api/receipts/{id}": (world) => [
    ...both((trail) => trail.receiptId)(world),
    ...both((trail) => trail.creditNoteId)(world),
  ],
  "/api/receipts/{id}/pdf": (world) => [
    ...both((trail) => trail.receiptId)(world),
    ...both((trail) => trail.creditNoteId)(world),
  ],
  "/api/files/{id}": both((trail) => trail.fileId),
  "/api/admin/webhooks/{id}/deliveries": (world) => [world.webhookId],
  "/api/blogs/{slug}": (world) => [world.blogSlug],
};

/** GET routes with parameters the walk leaves out, and why. */
const notWalked: Record<string, string> = {
  "/api/admin/sales/{id}": "quotes and invoices are their own records; neither order came from one",
  "/api/admin/sales/{id}/payments":
    "an invoice's payments carry no order; money.view only (invoice-payments.test.ts)",
  "/api/sales/{token}": "a quote's link; neither order came from a quote",
  "/api/admin/sales/{id}/pdf": "quotes and invoices are their own records; neither order came from one",
  "/api/sales/{token}/invitation": "a quote's link; neither order came from a quote",
  "/api/sales/{token}/pdf": "a quote's link; neither order came from a quote",
  "/api/sales/{token}/signed-pdf": "a quote's link; neither order came from a quote",
  "/api/admin/sales/{id}/signed-pdf":
    "quotes and invoices are their own records; neither order came from one",
  "/api/images/{name}": "the site's public pictures",
  "/api/admin/orders/{id}/templates/{templateId}":
    "a template filled in for an order: found through the order's visibility (templates.test.ts walks it)",
};

/**
 * Searches and filters that could reach another's order (the plain call is always made, and a
 * list with pages is read 100 to a page as well, so the orders are not on a later page).
 */
type Query = Record<string, string>;
const queryVariants: Record<string, (world: VisibilityWorld) => Query[]> = {
  "/api/order": (world) => [
    { email: world.assigned.customer.email },
    { email: world.unassigned.customer.email },
  ],
  "/api/orders": (world): Query[] => [
    { q: world.unassigned.customer.name },
    { q: world.unassigned.customer.email },
    { search: world.unassigned.customer.email },
    { q: world.assigned.customer.name },
    { assignee: world.staff.id },
  ],
  "/api/admin/orders.csv": (world) => [
    { q: world.unassigned.customer.name },
    { q: world.unassigned.customer.email },
  ],
  "/api/admin/payments.csv": (world) => [{ q: world.unassigned.customer.email }],
  "/api/users": (world) => [{ q: world.unassigned.customer.email }],
  "/api/admin/companies": (world) => [{ q: world.unassigned.customer.email }],
  "/api/admin/users.csv": (world) => [{ q: world.unassigned.customer.email }],
  "/api/admin/audit": (world) => [{ q: world.unassigned.customer.email }],
  "/api/admin/board": (world) => [{ assignee: world.staff.id }],
};

const withQuery = (path: string, query: Record<string, string>) => {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
};

type Operation = { parameters?: { in: string; name: string }[] };
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

/** Every GET call of the walk, read from the document; the routes it cannot fill, to fail on. */
export function getCalls(
  document: OpenApiDocument,
  world: VisibilityWorld,
): { calls: Call[]; unfilled: string[] } {
  const calls: Call[] = [];
  const unfilled: string[] = [];
  for (const [template, operations] of Object.entries(document.paths)) {
    const operation = operations.get;
    if (!operation) continue;
    if (template in notWalked) continue;
    const parameters = operation.parameters ?? [];
    const pathParameters = parameters.filter((parameter) => parameter.in === "path");
    let paths = [template];
    if (pathParameters.length > 0) {
      const values = pathValues[template]?.(world);
      if (!values || pathParameters.length !== 1) {
        unfilled.push(template);
        continue;
      }
      paths = values.map((value) => template.replace(/\{[^}]+\}/, encodeURIComponent(value)));
    }
    const paged = parameters.some((parameter) => parameter.in === "query" && parameter.name === "size");
    const queries = [{}, ...(paged ? [{ size: "100" }] : []), ...(queryVariants[template]?.(world) ?? [])];
    for (const path of paths) {
      for (const query of queries) calls.push({ method: "GET", url: withQuery(path, query) });
    }
  }
  return { calls, unfilled };
}

/**
 * Writes on the unassigned order that answer with the order's data. Each is one a caller who may
 * not see the order must be refused; none destroys what later callers read (no cancel, no delete,
 * a cent's refund at most); `restore` undoes the one that would change who sees the order.
 */
export function writesOnUnassigned(
  world: VisibilityWorld,
  callerId: string,
  upload: { body: Buffer; contentType: string },
): Call[] {
  const order = world.unassigned;
  const id = order.orderId;
  return [
    { method: "POST", url: `/api/order/${id}/messages`, payload: { body: "Checking in on this one." } },
    {
      method: "POST",
      url: `/api/order/${id}/files`,
      payload: upload.body,
      headers: { "content-type": upload.contentType },
    },
    { method: "PUT", url: `/api/admin/orders/${id}/due`, payload: { dueAt: "2031-03-01" } },
    { method: "PUT", url: `/api/admin/orders/${id}/assignee`, payload: { assigneeId: callerId } },
    { method: "POST", url: `/api/admin/orders/${id}/state`, payload: { state: "in_progress" } },
    {
      method: "POST",
      url: `/api/admin/orders/${id}/refunds`,
      payload: { paymentId: order.paymentId, amount: 0.01, reason: "Rounding" },
    },
    { method: "PATCH", url: `/api/order/${id}`, payload: { transactionId: order.transactionId } },
    { method: "POST", url: "/api/create-payment-intent", payload: { orderId: id } },
    { method: "PUT", url: `/api/order/${id}/brief`, payload: { answers: {} } },
    { method: "POST", url: `/api/order/${id}/brief/confirm`, payload: {} },
    { method: "POST", url: `/api/order/${id}/approve`, payload: {} },
    { method: "POST", url: `/api/order/${id}/request-changes`, payload: { note: "Please change it." } },
    { method: "POST", url: `/api/subscriptions/${order.subscriptionId}/cancel`, payload: {} },
  ];
}
