import {
  AdminPaymentDetails,
  CreatePaymentIntentBody,
  EmailParams,
  IdParams,
  PaymentIntent,
  PaymentList,
  RecordPaymentBody,
  RecordPaymentResponse,
  TestCardPaymentBody,
  TestCardPaymentResult,
} from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { accountRateLimitKey, requireMember, requireUser } from "../../../auth/session.js";
import type { Database } from "../../../db/client.js";
import { refusals } from "../../../errors.js";
import type { PaymentProvider } from "../../../payment-providers/provider.js";
import type { StripeBilling } from "../../../payment-providers/stripe-billing.js";
import type { TestProvider } from "../../../payment-providers/test-provider.js";
import type { ReceiptSettings } from "../receipts/issue.js";
import * as paymentsService from "./service.js";

const refused = refusals(400, 401, 403, 404, 409, 422);

export const paymentRoutes: FastifyPluginAsyncZod<{
  db: Database;
  provider: PaymentProvider;
  receipts: ReceiptSettings;
  billing: StripeBilling | undefined;
}> = async (app, { db, provider, receipts, billing }) => {
  app.post(
    "/create-payment-intent",
    {
      config: { access: "user" },
      schema: {
        tags: ["payments"],
        summary: "Open (or reopen) the card payment of one of the caller's orders",
        body: CreatePaymentIntentBody,
        response: { 200: PaymentIntent, ...refused },
      },
    },
    async (request) =>
      paymentsService.openPayment(db, provider, await requireUser(request), request.body.orderId, billing),
  );

  app.patch(
    "/order/:id",
    {
      config: { access: "user" },
      schema: {
        tags: ["payments"],
        summary: "Record the payment of an order once the provider confirms it succeeded",
        params: IdParams,
        body: RecordPaymentBody,
        response: { 200: RecordPaymentResponse, ...refused },
      },
    },
    async (request) =>
      paymentsService.confirmPayment(
        db,
        provider,
        await requireUser(request),
        request.params.id,
        request.body.transactionId,
        receipts,
      ),
  );

  app.get(
    "/payment-history/:email",
    {
      config: { access: "user" },
      schema: {
        tags: ["payments"],
        summary: "A customer's payments, newest first (own, or anyone's for admins)",
        params: EmailParams,
        response: { 200: PaymentList, ...refused },
      },
    },
    async (request) => paymentsService.paymentHistory(db, await requireUser(request), request.params.email),
  );

  app.get(
    "/admin/payment/:id",
    {
      config: { access: "team", permission: "money.view" },
      schema: {
        tags: ["admin"],
        summary: "An order's payment details",
        params: IdParams,
        response: { 200: AdminPaymentDetails, ...refused },
      },
    },
    async (request) => paymentsService.paymentDetails(db, await requireMember(request), request.params.id),
  );

  if (provider.name === "test") {
    const testProvider = provider as TestProvider;
    app.post(
      "/payments/test/confirm",
      {
        config: {
          access: "user",
          rateLimit: { max: 20, timeWindow: 60_000, keyGenerator: accountRateLimitKey },
        },
        schema: {
          tags: ["payments"],
          summary: "Pay with a test card (offline test provider only; nobody is charged)",
          body: TestCardPaymentBody,
          response: { 200: TestCardPaymentResult, ...refused },
        },
      },
      async (request) =>
        paymentsService.payWithTestCard(db, testProvider, await requireUser(request), request.body, receipts),
    );
  }
};
