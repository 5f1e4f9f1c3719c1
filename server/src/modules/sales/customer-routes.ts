import {
  AcceptSalesBody,
  CustomerSalesDocument,
  DeclineSalesBody,
  InvoiceCardConfirmBody,
  PaymentIntent,
  SalesInvitation,
  SalesPayment,
  SalesTokenParams,
} from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../../auth/session.js";
import { refusals } from "../../errors.js";
import {
  answerQuote,
  confirmSalesCardPayment,
  openSalesCardPayment,
  salesInvitation,
  startSalesPayment,
  viewSalesDocument,
} from "./customer.js";
import { type SalesRouteOptions, salesContext } from "./routes.js";

const refused = refusals(400, 401, 403, 404, 409, 422);
const tags = ["sales"];

/**
 * The customer's side of a link mailed to them. Only the account with the address it was sent to
 * sees and answers it; to every other account it does not exist (404).
 */
export const salesCustomerRoutes: FastifyPluginAsyncZod<SalesRouteOptions> = async (app, options) => {
  const ctx = salesContext(options);
  const answered = { params: SalesTokenParams, response: { 200: CustomerSalesDocument, ...refused } };

  app.get(
    "/sales/:token/invitation",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "Before signing in: what a mailed link is and for which address (none of its content)",
        params: SalesTokenParams,
        response: { 200: SalesInvitation, ...refused },
      },
    },
    async (request) => salesInvitation(options.db, request.params.token),
  );

  app.get(
    "/sales/:token",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "The quote or invoice a link shows (the first view marks it viewed)",
        ...answered,
      },
    },
    async (request) => viewSalesDocument(ctx, await requireUser(request), request.params.token),
  );

  app.post(
    "/sales/:token/accept",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary:
          "Accept a quote, signed with the name typed, with the optional lines the client ticked (by their place)",
        body: AcceptSalesBody,
        ...answered,
      },
    },
    async (request) =>
      answerQuote(ctx, await requireUser(request), request.params.token, {
        accept: true,
        options: request.body.options,
        signature: {
          name: request.body.signature.name,
          ip: request.ip,
          userAgent: request.headers["user-agent"] ?? "",
        },
      }),
  );

  app.post(
    "/sales/:token/decline",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Decline a quote, with an optional reason",
        body: DeclineSalesBody,
        ...answered,
      },
    },
    async (request) =>
      answerQuote(ctx, await requireUser(request), request.params.token, {
        accept: false,
        reason: request.body?.reason,
      }),
  );

  app.post(
    "/sales/:token/pay",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Start paying an accepted quote or a sent invoice: the order the card pays",
        params: SalesTokenParams,
        response: { 200: SalesPayment, ...refused },
      },
    },
    async (request) => startSalesPayment(ctx, await requireUser(request), request.params.token),
  );

  app.post(
    "/sales/:token/card",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary:
          "Open (or reopen) the card payment of an invoice that opens no order: what it still asks for",
        params: SalesTokenParams,
        response: { 200: PaymentIntent, ...refused },
      },
    },
    async (request) => openSalesCardPayment(ctx, await requireUser(request), request.params.token),
  );

  app.post(
    "/sales/:token/card/confirm",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Book the invoice's card payment once the provider confirms it succeeded",
        body: InvoiceCardConfirmBody,
        ...answered,
      },
    },
    async (request) =>
      confirmSalesCardPayment(
        ctx,
        await requireUser(request),
        request.params.token,
        request.body.transactionId,
      ),
  );
};
