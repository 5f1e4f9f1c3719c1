import {
  FilledTemplate,
  IdParams,
  OrderTemplateParams,
  ReplyTemplateBody,
  ReplyTemplateList,
} from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireMember } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { refusals } from "../../errors.js";
import { createTemplate, deleteTemplate, fillForOrder, listTemplates, updateTemplate } from "./templates.js";

const refused = refusals(400, 401, 403, 404);
const tags = ["messages"];
const writes = { access: "team", permission: "messages.send" } as const;

/** The team's reply templates, and one filled in for an order's thread. */
export const templateRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/admin/templates",
    {
      config: writes,
      schema: {
        tags,
        summary: "The team's reply templates, by name",
        response: { 200: ReplyTemplateList, ...refused },
      },
    },
    () => listTemplates(db),
  );

  app.post(
    "/admin/templates",
    {
      config: writes,
      schema: {
        tags,
        summary: "Save a reply template (an unknown {{variable}} is refused)",
        body: ReplyTemplateBody,
        response: { 200: ReplyTemplateList, ...refused },
      },
    },
    async (request) => createTemplate(db, await requireMember(request), request.body),
  );

  app.put(
    "/admin/templates/:id",
    {
      config: writes,
      schema: {
        tags,
        summary: "Change a reply template",
        params: IdParams,
        body: ReplyTemplateBody,
        response: { 200: ReplyTemplateList, ...refused },
      },
    },
    (request) => updateTemplate(db, request.params.id, request.body),
  );

  app.delete(
    "/admin/templates/:id",
    {
      config: writes,
      schema: {
        tags,
        summary: "Delete a reply template",
        params: IdParams,
        response: { 200: ReplyTemplateList, ...refused },
      },
    },
    (request) => deleteTemplate(db, request.params.id),
  );

  app.get(
    "/admin/orders/:id/templates/:templateId",
    {
      config: writes,
      schema: {
        tags,
        summary: "A reply template filled in for an order the member may see",
        params: OrderTemplateParams,
        response: { 200: FilledTemplate, ...refused },
      },
    },
    async (request) =>
      fillForOrder(db, await requireMember(request), request.params.id, request.params.templateId),
  );
};
