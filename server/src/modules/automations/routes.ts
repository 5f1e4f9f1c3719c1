import { IdParams, RuleBody, RuleList, RulePauseBody } from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireMember } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { refusals } from "../../errors.js";
import { createRule, deleteRule, listRules, pauseRule, updateRule } from "./rules.js";

const refused = refusals(400, 401, 403, 404);
const tags = ["automations"];
// A rule acts as the member who wrote it: written by a person.
const manage = { access: "team", permission: "automations.manage", apiKeys: false } as const;

/** The rules that assign and remind: written in a form, paused, deleted; each with its runs. */
export const automationRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/admin/automations",
    {
      config: manage,
      schema: { tags, summary: "Every rule with its latest runs", response: { 200: RuleList, ...refused } },
    },
    () => listRules(db),
  );
  app.post(
    "/admin/automations",
    {
      config: manage,
      schema: {
        tags,
        summary: "Write a rule: when <event> [and <condition>], do <actions>",
        body: RuleBody,
        response: { 200: RuleList, ...refused },
      },
    },
    async (request) => createRule(db, await requireMember(request), request.body),
  );
  app.put(
    "/admin/automations/:id",
    {
      config: manage,
      schema: {
        tags,
        summary: "Change a rule",
        params: IdParams,
        body: RuleBody,
        response: { 200: RuleList, ...refused },
      },
    },
    async (request) => updateRule(db, await requireMember(request), request.params.id, request.body),
  );
  app.post(
    "/admin/automations/:id/pause",
    {
      config: manage,
      schema: {
        tags,
        summary: "Pause or resume a rule",
        params: IdParams,
        body: RulePauseBody,
        response: { 200: RuleList, ...refused },
      },
    },
    async (request) => pauseRule(db, await requireMember(request), request.params.id, request.body.paused),
  );
  app.delete(
    "/admin/automations/:id",
    {
      config: manage,
      schema: { tags, summary: "Delete a rule", params: IdParams, response: { 200: RuleList, ...refused } },
    },
    async (request) => deleteRule(db, await requireMember(request), request.params.id),
  );
};
