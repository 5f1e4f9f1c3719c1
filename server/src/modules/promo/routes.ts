import {
  IdParams,
  PromoCode,
  PromoCodeBody,
  PromoCodeList,
  PromoQuote,
  PromoQuoteBody,
} from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireMember } from "../../auth/session.js";
import type { Clock } from "../../clock.js";
import type { Database } from "../../db/client.js";
import { refusals } from "../../errors.js";
import { auditActorOf } from "../audit/index.js";
import * as promo from "./service.js";

const refused = refusals(400, 401, 403, 404, 409);
const admin = { access: "team" as const, permission: "catalog.edit" as const };
const tags = ["admin"];

/** SPEC §5 promo box, with codes the owner creates (DESIGN "Beyond the spec" 9). */
export const promoRoutes: FastifyPluginAsyncZod<{ db: Database; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  app.post(
    "/promo/quote",
    {
      // A few tries a minute per client: codes are not to be guessed.
      config: { access: "user", rateLimit: { max: 20, timeWindow: "1 minute" } },
      schema: {
        tags: ["orders"],
        summary: "What a promo code takes off a plan (the checkout's Apply); nothing is counted yet",
        body: PromoQuoteBody,
        response: { 200: PromoQuote, ...refusals(400, 401, 404, 422, 429) },
      },
    },
    async (request) => promo.quotePromo(db, request.body, clock.now()),
  );

  app.get(
    "/admin/promo-codes",
    {
      config: admin,
      schema: {
        tags,
        summary: "Every promo code, newest first",
        response: { 200: PromoCodeList, ...refused },
      },
    },
    async () => promo.listPromoCodes(db),
  );

  app.post(
    "/admin/promo-codes",
    {
      config: admin,
      schema: {
        tags,
        summary: "Create a promo code",
        body: PromoCodeBody,
        response: { 201: PromoCode, ...refused },
      },
    },
    async (request, reply) => {
      const actor = auditActorOf(await requireMember(request));
      return reply.status(201).send(await promo.createPromoCode(db, actor, request.body));
    },
  );

  app.put(
    "/admin/promo-codes/:id",
    {
      config: admin,
      schema: {
        tags,
        summary: "Edit a promo code",
        params: IdParams,
        body: PromoCodeBody,
        response: { 200: PromoCode, ...refused },
      },
    },
    async (request) => {
      const actor = auditActorOf(await requireMember(request));
      return promo.updatePromoCode(db, actor, request.params.id, request.body);
    },
  );

  for (const [action, disabled] of [
    ["disable", true],
    ["enable", false],
  ] as const) {
    app.post(
      `/admin/promo-codes/:id/${action}`,
      {
        config: admin,
        schema: {
          tags,
          summary: disabled ? "Disable a promo code" : "Enable a disabled promo code",
          params: IdParams,
          response: { 200: PromoCode, ...refused },
        },
      },
      async (request) => {
        const actor = auditActorOf(await requireMember(request));
        return promo.setPromoDisabled(db, actor, request.params.id, disabled);
      },
    );
  }
};
