import {
  CancelSubscriptionBody,
  IdParams,
  PlanTermsQuery,
  RenewalTerms,
  Subscription,
  SubscriptionSummary,
  UpdateCardBody,
  UpdateCardLink,
} from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { findOrderMoney } from "../../../auth/order-access.js";
import { accountRateLimitKey, requireUser } from "../../../auth/session.js";
import type { Clock } from "../../../clock.js";
import type { Config } from "../../../config.js";
import type { Database } from "../../../db/client.js";
import { refusals } from "../../../errors.js";
import type { PaymentProvider } from "../../../payment-providers/provider.js";
import type { StripeBilling } from "../../../payment-providers/stripe-billing.js";
import type { TestProvider } from "../../../payment-providers/test-provider.js";
import { renewalTerms } from "../../../periods.js";
import { checkoutSums, chosenAddons, findOfferedPlanRow, shopMoney } from "../../catalog/index.js";
import { receiptSettings } from "../receipts/issue.js";
import { updateTestCard } from "./renewals.js";
import {
  cancelSubscription,
  findOwnSubscription,
  resumeSubscription,
  subscriptionSummary,
} from "./service.js";
import { orderTerms } from "./terms.js";

const refused = refusals(400, 401, 403, 404, 409, 422);

export const subscriptionRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
  clock: Clock;
  provider: PaymentProvider;
  billing: StripeBilling | undefined;
}> = async (app, { db, config, clock, provider, billing }) => {
  // Renewal terms are told before paying, by the billing clock that will date the renewals.
  app.get(
    "/pricing/:id/terms",
    {
      config: { access: "public" },
      schema: {
        tags: ["subscriptions"],
        summary:
          "What a plan with the add-ons ticked (addonIds, separated by commas) costs today and when and for how much it renews, if paid now",
        params: IdParams,
        querystring: PlanTermsQuery,
        response: { 200: RenewalTerms, ...refusals(400, 404) },
      },
    },
    async (request) => {
      const [plan, { currency }] = await Promise.all([
        findOfferedPlanRow(db, request.params.id),
        shopMoney(db),
      ]);
      const addons = await chosenAddons(db, plan.id, request.query.addonIds);
      const { firstCents, renewalCents } = checkoutSums(plan, addons);
      return renewalTerms({
        firstChargeCents: firstCents,
        interval: plan.duration,
        renewalChargeCents: renewalCents,
        currency,
        now: clock.now(),
      });
    },
  );

  app.get(
    "/order/:id/terms",
    {
      config: { access: "user" },
      schema: {
        tags: ["subscriptions"],
        summary: "What paying this order now charges, and its renewals (its customer or an admin)",
        params: IdParams,
        response: { 200: RenewalTerms, ...refused },
      },
    },
    async (request) => {
      const order = await findOrderMoney(db, await requireUser(request), request.params.id);
      return orderTerms(db, order, clock.now());
    },
  );

  app.post(
    "/subscriptions/:id/cancel",
    {
      config: { access: "user" },
      schema: {
        tags: ["subscriptions"],
        summary:
          "Cancel one's own subscription, with an optional reason for the agency: it runs until the period's end and does not renew",
        params: IdParams,
        body: CancelSubscriptionBody,
        response: { 200: Subscription, ...refused },
      },
    },
    async (request) =>
      cancelSubscription(db, await requireUser(request), request.params.id, {
        now: clock.now(),
        billing,
        reason: request.body?.reason,
      }),
  );

  app.post(
    "/subscriptions/:id/resume",
    {
      config: { access: "user" },
      schema: {
        tags: ["subscriptions"],
        summary: "Undo a cancellation before the period ends",
        params: IdParams,
        response: { 200: Subscription, ...refused },
      },
    },
    async (request) =>
      resumeSubscription(db, await requireUser(request), request.params.id, { now: clock.now(), billing }),
  );

  if (provider.name === "test") {
    const testProvider = provider as TestProvider;
    app.post(
      "/subscriptions/:id/card",
      {
        config: {
          access: "user",
          rateLimit: { max: 20, timeWindow: 60_000, keyGenerator: accountRateLimitKey },
        },
        schema: {
          tags: ["subscriptions"],
          summary: "Give a subscription a new test card; a past-due renewal is charged to it at once",
          params: IdParams,
          body: UpdateCardBody,
          response: { 200: Subscription, ...refused },
        },
      },
      async (request) =>
        updateTestCard(
          { db, clock, provider: testProvider, receipts: receiptSettings(config, db) },
          await requireUser(request),
          request.params.id,
          request.body,
        ),
    );
  }

  app.get(
    "/subscriptions/:id/card-link",
    {
      config: { access: "user" },
      schema: {
        tags: ["subscriptions"],
        summary: "Stripe: the page where the customer pays the open invoice with a new card (null offline)",
        params: IdParams,
        response: { 200: UpdateCardLink, ...refused },
      },
    },
    async (request) => {
      const row = await findOwnSubscription(db, await requireUser(request), request.params.id);
      const url =
        billing && row.providerSubscriptionId
          ? await billing.updateCardUrl(row.providerSubscriptionId)
          : null;
      return { url };
    },
  );

  app.get(
    "/admin/subscriptions/summary",
    {
      config: { access: "team", permission: "money.view" },
      schema: {
        tags: ["admin"],
        summary: "Monthly recurring revenue and subscriptions by state",
        response: { 200: SubscriptionSummary, ...refused },
      },
    },
    async () => subscriptionSummary(db),
  );
};
