import { DismissSetupStepBody, SetupChecklist } from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/client.js";
import { refusals } from "../../errors.js";
import { dismissSetupStep, type SetupFacts, setupChecklist } from "./setup.js";

const refused = refusals(400, 401, 403);

/** The Owner's setup checklist on the Overview (docs/features.md). */
export const setupRoutes: FastifyPluginAsyncZod<{ db: Database; facts: SetupFacts }> = async (
  app,
  { db, facts },
) => {
  app.get(
    "/admin/setup",
    {
      config: { access: "team", permission: "shop.operate" },
      schema: {
        tags: ["admin"],
        summary: "The Owner's setup checklist: brand, currency, catalog, payments, mail, team",
        response: { 200: SetupChecklist, ...refused },
      },
    },
    async () => setupChecklist(db, facts),
  );

  app.post(
    "/admin/setup/dismiss",
    {
      config: { access: "team", permission: "shop.operate" },
      schema: {
        tags: ["admin"],
        summary: "Set a setup step aside: the checklist no longer asks for it",
        body: DismissSetupStepBody,
        response: { 200: SetupChecklist, ...refused },
      },
    },
    async (request) => dismissSetupStep(db, facts, request.body.step),
  );
};
