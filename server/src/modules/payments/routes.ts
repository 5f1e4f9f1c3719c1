import {
  CreatePaymentIntentBody,
  EmailParams,
  ErrorResponse,
  IdParams,
  PaymentIntent,
  PaymentList,
  RecordPaymentBody,
  RecordPaymentResponse,
  TestCardPaymentBody,
  TestCardPaymentResult,
} from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/client.js";
import { AppError } from "../../errors.js";
import type { PaymentProvider } from "../../payments/provider.js";
import type { TestProvider } from "../../payments/test-provider.js";
import { requireUser } from "../../plugins/authz.js";
import { findOwnOrder } from "../orders/service.js";
import * as paymentsService from "./service.js";

const refusals = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  422: ErrorResponse,
} as const;

export const paymentRoutes: FastifyPluginAsyncZod<{ db: Database; provider: PaymentProvider }> = async (
  app,
  { db, provider },
) => {
  app.post(
    "/create-payment-intent",
    {
      config: { access: "user" },
      schema: {
        tags: ["payments"],
        summary: "Open (or reopen) the card payment of one of the caller's orders",
        body: CreatePaymentIntentBody,
        response: { 200: PaymentIntent, ...refusals },
      },
    },
    async (request) =>
      paymentsService.openPayment(db, provider, await requireUser(request), request.body.orderId),
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
        response: { 200: RecordPaymentResponse, ...refusals },
      },
    },
    async (request) =>
      paymentsService.confirmPayment(
        db,
        provider,
        await requireUser(request),
        request.params.id,
        request.body.transactionId,
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
        response: { 200: PaymentList, ...refusals },
      },
    },
    async (request) => paymentsService.paymentHistory(db, await requireUser(request), request.params.email),
  );

  if (provider.name === "test") {
    const testProvider = provider as TestProvider;
    app.post(
      "/payments/test/confirm",
      {
        config: { access: "user", rateLimit: { max: 20, timeWindow: 60_000 } },
        schema: {
          tags: ["payments"],
          summary: "Pay with a test card (offline test provider only; nobody is charged)",
          body: TestCardPaymentBody,
          response: { 200: TestCardPaymentResult, ...refusals },
        },
      },
      async (request) => {
        const caller = await requireUser(request);
        const { body } = request;
        const intent = await testProvider.retrieveIntent(body.paymentIntentId);
        if (!intent?.orderId) throw new AppError("not_found", "The payment was not found.");
        await findOwnOrder(db, caller, intent.orderId);
        const confirmed = await testProvider.confirm({
          paymentIntentId: body.paymentIntentId,
          clientSecret: body.clientSecret,
          number: body.cardNumber,
          expiry: body.expiry,
          cvc: body.cvc,
        });
        // What Stripe's webhook does: the provider itself reports the success.
        await paymentsService.recordPayment(db, provider.name, confirmed);
        return { status: "succeeded" as const, paymentIntentId: confirmed.id };
      },
    );
  }
};
