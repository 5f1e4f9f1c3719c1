import { ShopMoneyBody, ShopMoneySetting } from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireMember } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { refusals } from "../../errors.js";
import { auditActorOf } from "../audit/index.js";
import { saveShopMoney, shopMoneySetting } from "./shop-money.js";

const refused = refusals(400, 401, 403);
// The currency is what every price is in: it goes with editing the prices.
const access = { access: "team" as const, permission: "catalog.edit" as const };

/** The shop's currency and the locale its amounts are written in (the Site content page). */
export const shopMoneyRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/admin/site/currency",
    {
      config: access,
      schema: {
        tags: ["admin"],
        summary: "The shop's currency and locale, and whether a sale was made already",
        response: { 200: ShopMoneySetting, ...refused },
      },
    },
    async () => shopMoneySetting(db),
  );

  app.put(
    "/admin/site/currency",
    {
      config: access,
      schema: {
        tags: ["admin"],
        summary:
          "Set the shop's currency (ISO 4217) and locale: new prices are in it; orders, payments and receipts keep theirs",
        body: ShopMoneyBody,
        response: { 200: ShopMoneySetting, ...refused },
      },
    },
    async (request) => {
      const actor = auditActorOf(await requireMember(request));
      return saveShopMoney(db, actor, request.body);
    },
  );
};
