import { IdParams, SalesTokenParams } from "@agency/contract";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { notFound, refusals } from "../../errors.js";
import { revisionForReader } from "./customer.js";
import { findRevision } from "./drafts.js";
import { type Letterhead, salesPdfName, salesPdfOf } from "./pdf.js";
import type { SalesRow } from "./queries/documents.js";
import { signedPdfOf } from "./queries/signatures.js";

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

  /** The signed PDF of an accepted quote, as it was made when it was signed. */
  const sendSigned = async (reply: FastifyReply, row: SalesRow) => {
    const pdf = await signedPdfOf(db, row.id);
    if (!pdf) throw notFound("The signed quote");
    const name = salesPdfName(row).replace(/\.pdf$/, "-signed.pdf");
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `attachment; filename="${name}"`)
      .header("cache-control", "private, no-store")
      .send(pdf);
  };

  app.get(
    "/admin/sales/:id/signed-pdf",
    {
      config: { access: "team", permission: "sales.manage" },
      schema: {
        tags: ["sales"],
        summary: "An accepted quote's signed PDF: the quote as shown, with its signature page",
        params: IdParams,
        response: pdfResponse,
      },
    },
    async (request, reply) => sendSigned(reply, await findRevision(db, request.params.id)),
  );

  app.get(
    "/sales/:token/signed-pdf",
    {
      config: { access: "user" },
      schema: {
        tags: ["sales"],
        summary: "The signed PDF of the quote a link shows, once accepted",
        params: SalesTokenParams,
        response: pdfResponse,
      },
    },
    async (request, reply) =>
      sendSigned(reply, await revisionForReader(db, await requireUser(request), request.params.token)),
  );

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
