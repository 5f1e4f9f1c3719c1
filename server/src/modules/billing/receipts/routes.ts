import { IdParams, Receipt, ReceiptList } from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../../../auth/session.js";
import type { Database } from "../../../db/client.js";
import { refusals } from "../../../errors.js";
import type { FileStorage } from "../../../storage/storage.js";
import { shopMoney } from "../../catalog/index.js";
import { logoPng } from "../../content/index.js";
import { receiptPdf } from "./pdf.js";
import { findOrderReceipt, findVisibleReceipt, listOwnReceipts } from "./service.js";

const refused = refusals(401, 404);

/** Customers open their own receipts; admins open anyone's (from the order's payment page). */
export const receiptRoutes: FastifyPluginAsyncZod<{
  db: Database;
  /** Where the logo on a receipt's PDF is read from: uploaded images, the web app's files. */
  storage: FileStorage;
  webDir: string | undefined;
}> = async (app, { db, storage, webDir }) => {
  app.get(
    "/receipts",
    {
      config: { access: "user" },
      schema: {
        tags: ["receipts"],
        summary: "The caller's receipts, newest first",
        response: { 200: ReceiptList, ...refused },
      },
    },
    async (request) => listOwnReceipts(db, await requireUser(request)),
  );

  app.get(
    "/receipts/:id",
    {
      config: { access: "user" },
      schema: {
        tags: ["receipts"],
        summary: "One receipt (its customer's, or any for admins)",
        params: IdParams,
        response: { 200: Receipt, ...refused },
      },
    },
    async (request) => findVisibleReceipt(db, await requireUser(request), request.params.id),
  );

  app.get(
    "/receipts/:id/pdf",
    {
      config: { access: "user" },
      schema: {
        tags: ["receipts"],
        summary: "One receipt as a PDF file",
        params: IdParams,
        response: { 200: z.any(), ...refused },
      },
    },
    async (request, reply) => {
      const receipt = await findVisibleReceipt(db, await requireUser(request), request.params.id);
      const { locale } = await shopMoney(db);
      return reply
        .header("content-type", "application/pdf")
        .header(
          "content-disposition",
          `attachment; filename="${receipt.kind === "credit_note" ? "credit-note" : "receipt"}-${receipt.number}.pdf"`,
        )
        .header("cache-control", "private, no-store")
        .send(
          Buffer.from(
            await receiptPdf(receipt, await logoPng({ storage, webDir }, receipt.seller.logo), locale),
          ),
        );
    },
  );

  app.get(
    "/order/:id/receipt",
    {
      config: { access: "user" },
      schema: {
        tags: ["receipts"],
        summary: "The receipt of an order's payment",
        params: IdParams,
        response: { 200: Receipt, ...refused },
      },
    },
    async (request) => findOrderReceipt(db, await requireUser(request), request.params.id),
  );
};
