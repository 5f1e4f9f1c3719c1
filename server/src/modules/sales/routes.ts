import {
  AdminSalesDetail,
  AdminSalesList,
  AdminSalesQuery,
  DeleteResult,
  IdParams,
  SalesDraftBody,
} from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireMember } from "../../auth/session.js";
import type { Clock } from "../../clock.js";
import type { Database } from "../../db/client.js";
import { refusals } from "../../errors.js";
import { listSalesDocuments, salesDetail } from "./admin.js";
import { createDraft, deleteDraft, reviseDocument, type SalesContext, updateDraft } from "./drafts.js";
import { sendDocument, voidDocument } from "./send.js";

const refused = refusals(400, 401, 403, 404, 409);
const tags = ["sales"];
const access = { access: "team", permission: "sales.manage" } as const;

export type SalesRouteOptions = {
  db: Database;
  clock: Clock;
  publicUrl: string;
  provider: SalesContext["provider"];
  letterhead: SalesContext["letterhead"];
  receipts: SalesContext["receipts"];
};

export function salesContext(options: SalesRouteOptions): SalesContext {
  return {
    db: options.db,
    now: () => options.clock.now(),
    publicUrl: options.publicUrl,
    provider: options.provider,
    letterhead: options.letterhead,
    receipts: options.receipts,
  };
}

/** The dashboard's quotes and invoices: write drafts, send, revise and void them. */
export const salesAdminRoutes: FastifyPluginAsyncZod<SalesRouteOptions> = async (app, options) => {
  const ctx = salesContext(options);
  const detailResponse = { response: { 200: AdminSalesDetail, ...refused } };

  app.get(
    "/admin/sales",
    {
      config: access,
      schema: {
        tags,
        summary: "Quotes and invoices, newest first, by kind, state and a search",
        querystring: AdminSalesQuery,
        response: { 200: AdminSalesList, ...refused },
      },
    },
    async (request) => listSalesDocuments(ctx, request.query),
  );

  app.post(
    "/admin/sales",
    {
      config: access,
      schema: {
        tags,
        summary: "Write a new quote or invoice (a draft)",
        body: SalesDraftBody,
        ...detailResponse,
      },
    },
    async (request) => salesDetail(ctx, await createDraft(ctx, await requireMember(request), request.body)),
  );

  app.get(
    "/admin/sales/:id",
    {
      config: access,
      schema: {
        tags,
        summary: "A quote or invoice with its history and revisions",
        params: IdParams,
        ...detailResponse,
      },
    },
    async (request) => salesDetail(ctx, request.params.id),
  );

  app.put(
    "/admin/sales/:id",
    {
      config: access,
      schema: { tags, summary: "Change a draft", params: IdParams, body: SalesDraftBody, ...detailResponse },
    },
    async (request) => {
      await updateDraft(ctx, await requireMember(request), request.params.id, request.body);
      return salesDetail(ctx, request.params.id);
    },
  );

  app.delete(
    "/admin/sales/:id",
    {
      config: access,
      schema: {
        tags,
        summary: "Delete a draft",
        params: IdParams,
        response: { 200: DeleteResult, ...refused },
      },
    },
    async (request) => {
      await deleteDraft(ctx, request.params.id);
      return { deletedCount: 1 };
    },
  );

  app.post(
    "/admin/sales/:id/send",
    {
      config: access,
      schema: {
        tags,
        summary: "Send a draft: it is numbered, frozen and mailed",
        params: IdParams,
        ...detailResponse,
      },
    },
    async (request) => {
      await sendDocument(ctx, await requireMember(request), request.params.id);
      return salesDetail(ctx, request.params.id);
    },
  );

  app.post(
    "/admin/sales/:id/revise",
    {
      config: access,
      schema: {
        tags,
        summary: "Start a new revision of a sent one (a draft)",
        params: IdParams,
        ...detailResponse,
      },
    },
    async (request) =>
      salesDetail(ctx, await reviseDocument(ctx, await requireMember(request), request.params.id)),
  );

  app.post(
    "/admin/sales/:id/void",
    {
      config: access,
      schema: {
        tags,
        summary: "Void a sent one: it can no longer be accepted or paid",
        params: IdParams,
        ...detailResponse,
      },
    },
    async (request) => {
      await voidDocument(ctx, await requireMember(request), request.params.id);
      return salesDetail(ctx, request.params.id);
    },
  );
};
