import {
  AccountingExportQuery,
  OrdersExportQuery,
  PaymentsExportQuery,
  TimeExportQuery,
  UsersExportQuery,
} from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireMember } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { refusals } from "../../errors.js";
import { auditActorOf, recordAudit } from "../audit/index.js";
import { accountingCsv } from "./accounting.js";
import { recordExport, sendCsv } from "./csv.js";
import { customersCsv, ordersCsv, paymentsCsv, timeCsv } from "./service.js";

const refused = refusals(400, 401, 403);

/** The agency's books: orders, customers and payments as CSV files, streamed a batch at a time. */
export const exportRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/admin/orders.csv",
    {
      config: { access: "team", permission: "money.view" },
      schema: {
        tags: ["admin"],
        summary: "Every order All Orders lists with the same filters, as a CSV file",
        querystring: OrdersExportQuery,
        response: { 200: z.string(), ...refused },
      },
    },
    async (request, reply) => {
      const caller = await requireMember(request);
      await recordExport(db, auditActorOf(caller), "export.orders", "orders", request.query);
      return sendCsv(reply, "orders", ordersCsv(db, caller, request.query));
    },
  );

  app.get(
    "/admin/time.csv",
    {
      config: { access: "team", permission: "orders.work" },
      schema: {
        tags: ["admin"],
        summary: "The time entries of the orders the caller sees, of the days asked, as a CSV file",
        querystring: TimeExportQuery,
        response: { 200: z.string(), ...refused },
      },
    },
    async (request, reply) => {
      const caller = await requireMember(request);
      await recordExport(db, auditActorOf(caller), "export.time", "time", request.query);
      return sendCsv(reply, "time", timeCsv(db, caller, request.query));
    },
  );

  app.get(
    "/admin/users.csv",
    {
      config: { access: "team", permission: "customers.view" },
      schema: {
        tags: ["admin"],
        summary:
          "Every account All Users lists with the same filters, with orders and money paid, as a CSV file",
        querystring: UsersExportQuery,
        response: { 200: z.string(), ...refused },
      },
    },
    async (request, reply) => {
      const caller = await requireMember(request);
      await recordExport(db, auditActorOf(caller), "export.customers", "customers", request.query);
      return sendCsv(reply, "customers", customersCsv(db, caller, request.query));
    },
  );

  app.get(
    "/admin/payments.csv",
    {
      config: { access: "team", permission: "money.view" },
      schema: {
        tags: ["admin"],
        summary:
          "Every payment and refund of the orders the caller sees, newest first, with its receipt number, as a CSV file",
        querystring: PaymentsExportQuery,
        response: { 200: z.string(), ...refused },
      },
    },
    async (request, reply) => {
      const caller = await requireMember(request);
      const csv = paymentsCsv(db, caller, request.query);
      await recordExport(db, auditActorOf(caller), "export.payments", "payments", request.query);
      return sendCsv(reply, "payments", csv);
    },
  );

  app.get(
    "/admin/exports/accounting",
    {
      config: { access: "team", permission: "money.view" },
      schema: {
        tags: ["admin"],
        summary:
          "A month's receipts, credit notes and invoice payments (UTC) in the CSV layout Xero or QuickBooks Online imports",
        querystring: AccountingExportQuery,
        response: { 200: z.string(), ...refused },
      },
    },
    async (request, reply) => {
      const caller = await requireMember(request);
      const { month, format } = request.query;
      await db.transaction((tx) =>
        recordAudit(tx, {
          actor: auditActorOf(caller),
          action: "accounting.exported",
          subject: { type: "export", label: `accounting ${month}` },
          after: { month, format },
        }),
      );
      return sendCsv(reply, `accounting-${format}-${month}`, accountingCsv(db, caller, request.query));
    },
  );
};
