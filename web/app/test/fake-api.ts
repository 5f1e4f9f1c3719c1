import type { ErrorResponse } from "@agency/contract";
import * as contract from "@agency/contract";
import { vi } from "vitest";
import type { z } from "zod";
import { workdayAnswers } from "./fake-api-workday";
import { jsonResponse } from "./render-with-providers";

type Contract = typeof contract;
/** The contract's exports that are schemas. */
type SchemaName = {
  [K in keyof Contract]: Contract[K] extends z.ZodType ? K : never;
}[keyof Contract];

/**
 * The API's calls, as the web app makes them ("METHOD /api/path", ":name" for a path segment), with
 * the contract schema their answer follows; null for the account library's own answers, which the
 * contract does not describe.
 */
const answers = {
  "GET /api/site": "SiteSettings",
  "GET /api/site/content": "SiteContent",
  "PUT /api/admin/site/identity": "SiteContent",
  "GET /api/admin/site/currency": "ShopMoneySetting",
  "PUT /api/admin/site/currency": "ShopMoneySetting",
  "PUT /api/admin/site/texts": "SiteContent",
  "GET /api/pricing": "PricingList",
  "GET /api/pricing/:id": "CheckoutPlan",
  "GET /api/pricing/:id/terms": "RenewalTerms",
  "GET /api/services": "ServiceList",
  "GET /api/blogs": "BlogList",
  "GET /api/reviews": "ReviewList",
  "GET /api/review-count": "ReviewCount",
  "POST /api/reviews": "CreateReviewResponse",
  "GET /api/my-reviews": "ManagedReviewList",
  "GET /api/manage-reviews": "ManagedReviewList",
  "PATCH /api/manage-reviews/:id": "ManagedReview",
  "POST /api/leads/contact": "LeadStored",
  "POST /api/leads/query": "LeadStored",
  "POST /api/newsletter": "LeadStored",
  "POST /api/newsletter/confirm": "NewsletterConfirmResult",
  "POST /api/mail/unsubscribe": "UnsubscribeResult",
  "GET /api/mail/preferences": "MailPreferences",
  "PUT /api/mail/preferences": "MailPreferences",
  "GET /api/company": "Company",
  "GET /api/order/:id/followers": "OrderFollowers",
  "PUT /api/order/:id/following": "OrderFollowers",
  "PUT /api/company": "Company",
  "GET /api/company/invitations": "CompanyInvitationList",
  "POST /api/company/invitations": "CompanyInvitation",
  "POST /api/company/invitations/:id/resend": "CompanyInvitation",
  "DELETE /api/company/invitations/:id": "ModifiedCount",
  "PATCH /api/company/people/:id": "Company",
  "DELETE /api/company/people/:id": "ModifiedCount",
  "GET /api/company/invitations/lookup": "CompanyInvitationLookup",
  "POST /api/company/invitations/accept": "JoinedCompany",
  "GET /api/admin/companies": "AdminCompanyList",
  "GET /api/admin/companies/:id": "AdminCompanyDetail",
  "POST /api/admin/companies/:id/invitations": "CompanyInvitation",
  "GET /api/sales/:token": "CustomerSalesDocument",
  "POST /api/sales/:token/accept": "CustomerSalesDocument",
  "POST /api/sales/:token/card": "PaymentIntent",
  "POST /api/sales/:token/card/confirm": "CustomerSalesDocument",
  "GET /api/admin/sales/:id": "AdminSalesDetail",
  "GET /api/admin/sales/:id/payments": "InvoicePayments",
  "POST /api/admin/sales/:id/payments": "InvoicePayments",
  "POST /api/admin/sales/:id/payments/:paymentId/refund": "InvoicePayments",
  "GET /api/admin/site/invoicing": "InvoicingSettings",
  ...workdayAnswers,
  "PUT /api/admin/site/invoicing": "InvoicingSettings",
  "GET /api/auth/get-session": "Session",
  "GET /api/auth/list-accounts": null,
  "POST /api/auth/sign-up/email": null,
  "POST /api/auth/sign-in/email": null,
  "POST /api/auth/sign-in/social": "SocialSignInRedirect",
  "POST /api/auth/update-user": null,
  "POST /api/auth/change-password": null,
  "POST /api/auth/change-email": null,
  "POST /api/auth/revoke-other-sessions": null,
  "GET /api/two-factor": "TwoFactorStatus",
  "POST /api/auth/two-factor/enable": "TwoFactorSetup",
  "POST /api/auth/two-factor/verify-totp": null,
  "POST /api/auth/two-factor/verify-backup-code": null,
  "POST /api/auth/two-factor/disable": null,
  "POST /api/auth/two-factor/generate-backup-codes": "BackupCodes",
  "POST /api/auth/sign-in/magic-link": null,
  "GET /api/team/two-factor": "TeamTwoFactor",
  "PUT /api/team/two-factor": "ModifiedCount",
  "POST /api/team/members/:id/two-factor/reset": "ModifiedCount",
  "POST /api/account/delete": "DeleteAccountResult",
  "POST /api/account/delete/confirm": "DeleteAccountResult",
  "GET /api/admin/:email": "AdminStatus",
  "GET /api/order": "OrderList",
  "POST /api/order": "CreateOrderResponse",
  "POST /api/promo/quote": "PromoQuote",
  "PATCH /api/order/:id": "RecordPaymentResponse",
  "GET /api/order/:id": "OrderDetail",
  "GET /api/order/:id/terms": "RenewalTerms",
  "PUT /api/order/:id/brief": "OrderDetail",
  "POST /api/order/:id/brief/confirm": "OrderDetail",
  "GET /api/order/:id/messages": "MessageList",
  "POST /api/order/:id/messages": "Message",
  "POST /api/order/:id/files": "FileMeta",
  "GET /api/messages/unread": "UnreadCounts",
  "GET /api/orders": "AdminOrderList",
  "GET /api/admin/orders/:id": "OrderDetail",
  "POST /api/admin/orders/:id/state": "OrderDetail",
  "POST /api/admin/orders/:id/cancel": "OrderDetail",
  "POST /api/admin/orders/:id/refunds": "OrderDetail",
  "PUT /api/admin/orders/:id/assignee": "OrderDetail",
  "PUT /api/admin/orders/:id/due": "OrderDetail",
  "GET /api/team/assignees": "TeamAssigneeList",
  "GET /api/admin/api-keys": "ApiKeyList",
  "POST /api/admin/api-keys": "CreatedApiKey",
  "POST /api/admin/api-keys/:id/revoke": "ApiKey",

  "GET /api/admin/board": "Board",
  "POST /api/create-payment-intent": "PaymentIntent",
  "POST /api/payments/test/confirm": "TestCardPaymentResult",
  "GET /api/payment-history/:email": "PaymentList",
  "GET /api/receipts/:id": "Receipt",
  "GET /api/subscriptions/:id/card-link": "UpdateCardLink",
  "POST /api/subscriptions/:id/card": "Subscription",
  "POST /api/subscriptions/:id/cancel": "Subscription",
  "POST /api/subscriptions/:id/resume": "Subscription",
  "GET /api/admin/subscriptions/summary": "SubscriptionSummary",
  "GET /api/users": "UserList",
  "GET /api/admin/overview": "Overview",
  "GET /api/admin/audit": "AuditList",
  "GET /api/admin/audit/verify": "AuditVerification",
  "GET /api/admin/jobs": "JobList",
  "POST /api/admin/jobs/:id/retry": "JobEntry",
  "GET /api/admin/webhooks": "WebhookEndpointList",
  "POST /api/admin/webhooks": "CreatedWebhookEndpoint",
  "PUT /api/admin/webhooks/:id": "WebhookEndpoint",
  "DELETE /api/admin/webhooks/:id": "DeleteResult",
  "GET /api/admin/webhooks/:id/deliveries": "WebhookDeliveryList",
  "POST /api/admin/webhook-deliveries/:id/resend": "WebhookDelivery",
  "GET /api/admin/leads": "LeadList",
  "GET /api/admin/test-tools": "TestClock",
  "POST /api/admin/test-tools/run-due": "RunDueRenewalsResult",
  "POST /api/admin/images": "UploadedImage",
  "GET /api/team/members": "TeamMemberList",
  "PUT /api/team/members/:id/role": "ModifiedCount",
  "POST /api/team/members/:id/suspend": "ModifiedCount",
  "POST /api/team/members/:id/unsuspend": "ModifiedCount",
  "DELETE /api/team/members/:id": "DeleteResult",
  "POST /api/team/owner": "ModifiedCount",
  "GET /api/team/roles": "TeamRoleList",
  "POST /api/team/roles": "TeamRole",
  "PUT /api/team/roles/:key": "TeamRole",
  "DELETE /api/team/roles/:key": "DeleteResult",
  "POST /api/team/invitations": "TeamInvitation",
  "POST /api/team/invitations/:id/resend": "TeamInvitation",
  "POST /api/team/invitations/:id/revoke": "ModifiedCount",
  "POST /api/admin/catalog/plans/:id/addons": "PlanAddon",
  "PUT /api/admin/catalog/addons/:id": "PlanAddon",
  "DELETE /api/admin/catalog/addons/:id": "DeleteResult",
  "PUT /api/admin/catalog/plans/:id/addons-order": "AddonList",
  "GET /api/team/invitations/lookup": "InvitationLookup",
  "POST /api/team/invitations/accept": "AcceptedInvitation",
} as const satisfies Record<string, SchemaName | null>;

export type ApiRoute = keyof typeof answers;
type SchemaOf<R extends ApiRoute> = (typeof answers)[R];
/** What the server sends for `route`: the JSON its contract schema reads. */
type AnswerOf<R extends ApiRoute> = SchemaOf<R> extends SchemaName ? z.input<Contract[SchemaOf<R>]> : unknown;

/** One call the app made. */
export type FakeCall = {
  method: string;
  /** The address as fetched, with its query: "/api/users?page=0&size=20". */
  url: string;
  path: string;
  query: URLSearchParams;
  /** The path's ":name" segments of the route that answered. */
  params: Record<string, string>;
  /** The JSON body, read; a FormData as it is; undefined without a body. */
  body: unknown;
  init: RequestInit | undefined;
  /** The route that answered; undefined when none did (the app got a 404). */
  route: ApiRoute | undefined;
};

type Answer<R extends ApiRoute> =
  | AnswerOf<R>
  | Response
  | ((call: FakeCall) => AnswerOf<R> | Response | Promise<AnswerOf<R> | Response>);
export type FakeRoutes = { [R in ApiRoute]?: Answer<R> };

/** The API's error answer (`{ error: { code, message, fields? } }`) with its status. */
export function apiFailure(
  status: number,
  code: ErrorResponse["error"]["code"],
  message: string,
  fields?: Record<string, string>,
): Response {
  const body: ErrorResponse = { error: { code, message, ...(fields ? { fields } : {}) } };
  return jsonResponse(body, status);
}

/** The account library's own error answer (`{ code?, message }`), with any headers (e.g. retry-after). */
export function accountFailure(
  status: number,
  message: string,
  { code, headers = {} }: { code?: string; headers?: Record<string, string> } = {},
): Response {
  const response = jsonResponse(code === undefined ? { message } : { code, message }, status);
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

/** An answer that never comes: the browser could not reach the server. */
export function networkDown(): never {
  throw new TypeError("Failed to fetch");
}

/** Answers the calls in turn, one each; the last one answers every call after. */
export function inTurn<T>(
  ...list: NoInfer<T | Response | ((call: FakeCall) => T | Response | Promise<T | Response>)>[]
): (call: FakeCall) => Promise<T | Response> {
  let next = 0;
  return async (call) => {
    const answer = list[Math.min(next, list.length - 1)];
    next += 1;
    return (await give(answer, call)) as T | Response;
  };
}

/** An answer as it is, or what a function answers to the call. */
async function give(answer: unknown, call: FakeCall): Promise<unknown> {
  return typeof answer === "function" ? answer(call) : answer;
}

function matchRoute(route: string, method: string, path: string): Record<string, string> | null {
  const [routeMethod, routePath = ""] = route.split(" ");
  if (routeMethod !== method) return null;
  const want = routePath.split("/");
  const got = path.split("/");
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of want.entries()) {
    const actual = got[index] ?? "";
    if (part.startsWith(":")) params[part.slice(1)] = decodeURIComponent(actual);
    else if (part !== actual) return null;
  }
  return params;
}

function readBody(init: RequestInit | undefined): unknown {
  if (init?.body === undefined || init.body === null) return undefined;
  if (init.body instanceof FormData) return init.body;
  return JSON.parse(String(init.body));
}

/**
 * Stands in for the server: `fetch` answers the routes given, each with a body of its contract
 * type (or a Response, e.g. `apiFailure(409, …)`, or a function of the call), and remembers every
 * call. A call no route answers gets a 404. Answers are checked against their contract schema, so
 * a fixture cannot drift from what the server sends.
 *
 *   const api = fakeApi({ "GET /api/services": services, "POST /api/order": (call) => ({ … }) });
 *   expect(api.bodies("POST /api/order")).toEqual([{ … }]);
 */
export function fakeApi(routes: FakeRoutes = {}) {
  const table: FakeRoutes = { ...routes };
  const calls: FakeCall[] = [];

  // More specific routes first: "/api/admin/audit/verify" before "/api/admin/:email".
  const ordered = () =>
    (Object.keys(table) as ApiRoute[]).sort(
      (a, b) => (a.match(/\/:/g)?.length ?? 0) - (b.match(/\/:/g)?.length ?? 0),
    );

  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const parsed = new URL(url, "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const call: FakeCall = {
      method,
      url,
      path: parsed.pathname,
      query: parsed.searchParams,
      params: {},
      body: readBody(init),
      init,
      route: undefined,
    };
    calls.push(call);
    for (const route of ordered()) {
      const params = matchRoute(route, method, parsed.pathname);
      if (!params) continue;
      call.route = route;
      call.params = params;
      const given = await give(table[route], call);
      // A copy, so an answer given once can answer every call.
      if (given instanceof Response) return given.clone();
      const schema = answers[route];
      if (schema !== null) {
        // biome-ignore lint/performance/noDynamicNamespaceImportAccess: a test helper, never bundled
        const checked = (contract[schema] as z.ZodType).safeParse(given);
        if (!checked.success) {
          // Thrown outside the app's own error handling, so the test run reports it.
          const drift = new Error(`The fake answer to ${route} is not a ${schema}: ${checked.error.message}`);
          queueMicrotask(() => {
            throw drift;
          });
          return apiFailure(500, "internal", drift.message);
        }
      }
      return jsonResponse(given);
    }
    return apiFailure(404, "not_found", `No fake answer for ${method} ${parsed.pathname}`);
  });
  vi.stubGlobal("fetch", fetch);

  return {
    /** Every call made, in order. */
    calls,
    /** The addresses called (with their queries), of one method or of all. */
    urls: (method?: string) =>
      calls.filter((call) => !method || call.method === method).map((call) => call.url),
    /** The calls that `route` answered. */
    callsTo: (route: ApiRoute) => calls.filter((call) => call.route === route),
    /** The bodies sent to `route`, in order. */
    bodies: (route: ApiRoute) => calls.filter((call) => call.route === route).map((call) => call.body),
    /** Answers `route` from now on with `answer`. */
    answer: <R extends ApiRoute>(route: R, answer: Answer<R>) => {
      (table as Record<string, unknown>)[route] = answer;
    },
    /** The stubbed fetch itself, for the few tests that look at it directly. */
    fetch,
  };
}

export type FakeApi = ReturnType<typeof fakeApi>;
