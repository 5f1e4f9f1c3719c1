import { IdParams, SalesTokenParams } from "@agency/contract";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { refusals } from "../../errors.js";
import { revisionForReader } from "./customer.js";
import { findRevision } from "./drafts.js";
import { type Letterhead, salesPdfName, salesPdfOf } from "./pdf.js";
import type { SalesRow } from "./queries/documents.js";

const pdfResponse = { 200: z.any(), ...refusals(401, 403, 404) };

/**
 * A quote or invoice as a PDF file: the team's for any revision (a draft too), the customer's for
 * the revision their link shows, to the same readers as the page.
 */
export const salesPdfRoutes: FastifyPluginAsyncZod<{ db: Database; letterhead: Letterhead }> = async (
  app,
  { db, letterhead },
) => {
  const send = async (reply: FastifyReply, row: SalesRow) =>
    reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `attachment; filename="${salesPdfName(row)}"`)
      .header("cache-control", "private, no-store")
      .send(Buffer.from(await salesPdfOf(db, letterhead, row)));

  app.get(
    "/admin/sales/:id/pdf",
    {
      config: { access: "team", permission: "sales.manage" },
      schema: {
        tags: ["sales"],
        summary: "A quote or invoice revision as a PDF file",
        params: IdParams,
        response: pdfResponse,
      },
    },
    async (request, reply) => send(reply, await findRevision(db, request.params.id)),
  );

  app.get(
    "/sales/:token/pdf",
    {
      config: { access: "user" },
      schema: {
        tags: ["sales"],
        summary: "The quote or invoice a link shows, as a PDF file",
        params: SalesTokenParams,
        response: pdfResponse,
      },
    },
    async (request, reply) =>
      send(reply, await revisionForReader(db, await requireUser(request), request.params.token)),
  );
};
