import {
  IdParams,
  InvoicePaymentParams,
  InvoicePayments,
  RecordInvoicePaymentBody,
  RefundRecordedPaymentBody,
} from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireMember } from "../../../auth/session.js";
import type { Clock } from "../../../clock.js";
import type { Database } from "../../../db/client.js";
import { refusals } from "../../../errors.js";
import type { ReceiptSettings } from "../receipts/issue.js";
import { invoicePayments, recordInvoicePayment, refundRecordedPayment } from "./invoice-payments.js";
import type { OpenOrderOf } from "./recorded-order-payment.js";

const refused = refusals(400, 401, 403, 404, 409);
const tags = ["sales"];
// Recording money in or out is the refund permission's (it moves the books); reading it, money's.
const records = { access: "team", permission: "orders.refund" } as const;

/** The agency's record of money an invoice took outside the card, and of its refunds. */
export const invoicePaymentRoutes: FastifyPluginAsyncZod<{
  db: Database;
  clock: Clock;
  receipts: ReceiptSettings;
  /** The order a document that starts work opens when its money is recorded (the sales module's). */
  openOrderOf: OpenOrderOf;
}> = async (app, { db, clock, receipts, openOrderOf }) => {
  const ctx = { receipts, now: () => clock.now(), openOrderOf };
  app.get(
    "/admin/sales/:id/payments",
    {
      config: { access: "team", permission: "money.view" },
      schema: {
        tags,
        summary: "An invoice's payments (card and recorded) and refunds, what was paid and what is due",
        params: IdParams,
        response: { 200: InvoicePayments, ...refused },
      },
    },
    async (request) => invoicePayments(db, request.params.id),
  );
  app.post(
    "/admin/sales/:id/payments",
    {
      config: records,
      schema: {
        tags,
        summary: "Record money received for a sent invoice (bank transfer, cash, other), in part or in full",
        params: IdParams,
        body: RecordInvoicePaymentBody,
        response: { 200: InvoicePayments, ...refused },
      },
    },
    async (request) => {
      const caller = await requireMember(request);
      await recordInvoicePayment(db, ctx, caller, request.params.id, request.body);
      return invoicePayments(db, request.params.id);
    },
  );
  app.post(
    "/admin/sales/:id/payments/:paymentId/refund",
    {
      config: records,
      schema: {
        tags,
        summary: "Record money given back of a recorded payment, with its credit note",
        params: InvoicePaymentParams,
        body: RefundRecordedPaymentBody,
        response: { 200: InvoicePayments, ...refused },
      },
    },
    async (request) => {
      const caller = await requireMember(request);
      await refundRecordedPayment(db, ctx, caller, request.params.id, request.params.paymentId, request.body);
      return invoicePayments(db, request.params.id);
    },
  );
};
