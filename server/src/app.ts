import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { createAuth, type PasswordHashing } from "./auth/auth.js";
import { resolveAuthSecret } from "./auth/secret.js";
import { signInLimits } from "./auth/sign-in-limits.js";
import { type Clock, daysAhead, isAdjustable, systemClock } from "./clock.js";
import type { Config } from "./config.js";
import type { Database } from "./db/client.js";
import { createJobRuntime } from "./job-runtime.js";
import { documentLetterhead } from "./letterhead.js";
import { createMailer } from "./mail/mailer.js";
import { accountRoutes } from "./modules/account/index.js";
import { apiKeyRoutes } from "./modules/api-keys/index.js";
import { auditAdminRoutes } from "./modules/audit/index.js";
import { automationRoutes } from "./modules/automations/index.js";
import {
  applyPlanPriceToRenewals,
  invoicePaymentRoutes,
  paymentRoutes,
  receiptRoutes,
  receiptSettings,
  registerPaymentProvider,
  revenueOfCompany,
  subscriptionRoutes,
} from "./modules/billing/index.js";
import { blogAdminRoutes, blogRoutes, blogsFileRoute } from "./modules/blogs/index.js";
import { boardRoutes } from "./modules/board/index.js";
import {
  catalogAdminRoutes,
  catalogGeneration,
  catalogRoutes,
  startCatalogSync,
} from "./modules/catalog/index.js";
import { companyAdminRoutes, companyRoutes } from "./modules/companies/index.js";
import {
  currentMailBrand,
  imageRoutes,
  invoicingRoutes,
  setupRoutes,
  shopMoneyRoutes,
  siteContentRoutes,
} from "./modules/content/index.js";
import { exportRoutes } from "./modules/exports/index.js";
import { fileRoutes } from "./modules/files/index.js";
import { wireModules } from "./modules/index.js";
import { jobAdminRoutes } from "./modules/job-queue/index.js";
import { leadAdminRoutes, leadForms, leadRoutes } from "./modules/leads/index.js";
import { mailRoutes } from "./modules/mail-preferences/index.js";
import { messageRoutes, templateRoutes } from "./modules/messages/index.js";
import { orderAdminRoutes, orderRoutes } from "./modules/orders/index.js";
import { overviewAdminRoutes } from "./modules/overview/index.js";
import { promoRoutes } from "./modules/promo/index.js";
import { reviewRoutes } from "./modules/reviews/index.js";
import {
  orderOfRecordedPayment,
  salesAdminRoutes,
  salesCustomerRoutes,
  salesPdfRoutes,
} from "./modules/sales/index.js";
import { crawlerRoutes, pageData, siteRoutes } from "./modules/site/index.js";
import { applyConfiguredAdmin, teamRoutes, teamTwoFactorRoutes } from "./modules/team/index.js";
import { testToolRoutes } from "./modules/test-tools/index.js";
import { timeRoutes } from "./modules/time/index.js";
import { userAdminRoutes, userRoutes } from "./modules/users/index.js";
import { systemResolver, webhookRoutes } from "./modules/webhooks/index.js";
import { workflowAdminRoutes, workflowRoutes } from "./modules/workflow/index.js";
import { authPlugin } from "./plugins/auth.js";
import { authzPlugin } from "./plugins/authz.js";
import { registerCompression } from "./plugins/compression.js";
import { registerErrorHandling } from "./plugins/errors.js";
import { healthRoutes } from "./plugins/health.js";
import { authLogger, requestLogging, TokenRedaction } from "./plugins/logging.js";
import { registerMetrics } from "./plugins/metrics.js";
import { registerOpenApi } from "./plugins/openapi.js";
import { registerRateLimit } from "./plugins/rate-limit.js";
import { registerSameOriginCheck } from "./plugins/same-origin.js";
import { registerSecurityHeaders } from "./plugins/security-headers.js";
import { registerValidation } from "./plugins/validation.js";
import { registerWebApp } from "./plugins/web-app.js";
import { scanUpload } from "./storage/scan.js";
import { createFileStorage } from "./storage/storage.js";

export type AppOptions = {
  config: Config;
  db: Database;
  /** Billing's "now" (subscription periods, renewals); the same one the job worker reads. */
  clock?: Clock;
  /** Where the log lines go: standard output unless given. */
  logStream?: Pick<NodeJS.WritableStream, "write">;
  /** The tests' cheap password hashing (server/test); production leaves it out. */
  passwordHashing?: PasswordHashing;
};

export async function buildApp({
  config,
  db,
  clock = systemClock,
  logStream,
  passwordHashing,
}: AppOptions): Promise<FastifyInstance> {
  wireModules();
  const redaction = new TokenRedaction();
  const app = Fastify({
    ...requestLogging(config, logStream, redaction),
    trustProxy: config.trustProxy as FastifyServerOptions["trustProxy"],
    bodyLimit: 1024 * 1024,
  });
  // Each route with a token in its path keeps it out of the request log.
  redaction.watch(app);
  registerValidation(app);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerSameOriginCheck(app, [config.publicUrl, ...config.auth.trustedOrigins]);
  registerSecurityHeaders(app, config);
  await registerCompression(app);
  await registerRateLimit(app, config);
  // Catalog reads come from memory; on PostgreSQL, other instances' writes arrive by NOTIFY.
  app.addHook("onClose", await startCatalogSync(db, app.log));

  await app.register(authzPlugin, { operatorToken: config.metricsToken });
  registerMetrics(app, { db, token: config.metricsToken });
  const mailer = createMailer({ ...config.mail, log: app.log });
  app.addHook("onClose", async () => mailer.close());
  const secret = await resolveAuthSecret(db, config.auth.secret);
  const brand = currentMailBrand(db, config);
  const receipts = receiptSettings(config, db);
  const auth = createAuth({
    config,
    db,
    mailer,
    secret,
    brand,
    applyConfiguredAdmin,
    log: authLogger(app.log),
    passwordHashing,
  });
  await app.register(authPlugin, {
    auth,
    db,
    publicUrl: config.publicUrl,
    signInLimits: signInLimits(db),
  });
  await applyConfiguredAdmin(db, config.auth.adminEmail);

  await registerOpenApi(app, config.publicUrl);

  const { provider, billing } = await registerPaymentProvider(app, config, db, clock);
  const storage = await createFileStorage(config.files.storage);
  // Test tools move the billing clock: only with test payments, and never in production.
  const testToolsClock =
    provider.name === "test" && config.env !== "production" && isAdjustable(clock) ? clock : undefined;

  await app.register(
    async (instance) => {
      const api = instance.withTypeProvider<ZodTypeProvider>();
      await api.register(healthRoutes, { db });
      await api.register(catalogRoutes, { db });
      await api.register(blogRoutes, { db });
      await api.register(leadRoutes, { db, rateLimitPerMinute: config.leadsRateLimit, secret });
      await api.register(mailRoutes, { db, rateLimitPerMinute: config.leadsRateLimit, secret });
      await api.register(siteRoutes, {
        googleMapsApiKey: config.googleMapsApiKey,
        socialSignIn: { google: Boolean(config.auth.google), facebook: Boolean(config.auth.facebook) },
        testMode:
          provider.name === "test"
            ? () => ({ testTools: testToolsClock !== undefined, clockAheadDays: daysAhead(clock) })
            : undefined,
      });
      await api.register(userRoutes, { db, config });
      await api.register(userAdminRoutes, { db });
      await api.register(orderRoutes, { db, provider, clock });
      await api.register(paymentRoutes, { db, provider, receipts, billing });
      await api.register(subscriptionRoutes, { db, config, clock, provider, billing });
      await api.register(reviewRoutes, { db });
      const letterhead = documentLetterhead(config, db, async () => storage);
      const sales = { db, clock, publicUrl: config.publicUrl, provider, letterhead, receipts };
      await api.register(salesAdminRoutes, sales);
      await api.register(invoicePaymentRoutes, { db, clock, receipts, openOrderOf: orderOfRecordedPayment });
      await api.register(salesCustomerRoutes, sales);
      await api.register(salesPdfRoutes, { db, letterhead });
      await api.register(orderAdminRoutes, { db });
      await api.register(blogAdminRoutes, { db });
      await api.register(catalogAdminRoutes, { db, renewals: applyPlanPriceToRenewals });
      await api.register(shopMoneyRoutes, { db });
      await api.register(timeRoutes, { db, clock });
      await api.register(setupRoutes, {
        db,
        facts: { provider: provider.name, smtp: Boolean(config.mail.smtpUrl) },
      });
      await api.register(invoicingRoutes, { db });
      await api.register(promoRoutes, { db, clock });
      await api.register(teamRoutes, {
        db,
        brand,
        publicRateLimit: {
          max: config.auth.rateLimit.max,
          timeWindow: config.auth.rateLimit.windowSeconds * 1000,
        },
      });
      await api.register(teamTwoFactorRoutes, { db });
      if (testToolsClock)
        await api.register(testToolRoutes, {
          clock: testToolsClock,
          jobRuntime: (log) => createJobRuntime({ db, config, log, clock: testToolsClock }),
        });
      await api.register(leadAdminRoutes, { db });
      await api.register(exportRoutes, { db });
      await api.register(overviewAdminRoutes, { db, clock });
      await api.register(auditAdminRoutes, { db });
      await api.register(apiKeyRoutes, { db });
      await api.register(companyRoutes, {
        db,
        brand,
        publicRateLimit: {
          max: config.auth.rateLimit.max,
          timeWindow: config.auth.rateLimit.windowSeconds * 1000,
        },
      });
      await api.register(companyAdminRoutes, { db, brand, clock, revenue: revenueOfCompany });
      await api.register(receiptRoutes, { db, storage, webDir: config.webDir });
      await api.register(jobAdminRoutes, { db });
      await api.register(webhookRoutes, {
        db,
        rules: { allowPrivate: config.webhooks.allowPrivateAddresses, resolve: systemResolver },
      });
      await api.register(workflowRoutes, { db });
      await api.register(messageRoutes, { db, clock });
      await api.register(templateRoutes, { db });
      await api.register(automationRoutes, { db });
      await api.register(boardRoutes, { db, clock });
      await api.register(accountRoutes, { db, config, mailer, storage, brand });
      await api.register(fileRoutes, {
        db,
        storage,
        scan: scanUpload,
        clock,
        maxBytes: config.files.maxBytes,
      });
      await api.register(siteContentRoutes, { db, site: config.site });
      await api.register(imageRoutes, { storage, maxBytes: config.files.maxBytes });
      await api.register(workflowAdminRoutes, {
        db,
        provider,
        receipts,
        billing,
        clock,
      });
    },
    { prefix: "/api" },
  );

  // The built web app answers the GETs no route takes; other unknown paths get the error shape.
  // A lead form posted without JavaScript is limited as its JSON call is: per client, per minute.
  const leadFormLimit = app.createRateLimit({
    max: config.leadsRateLimit,
    timeWindow: "1 minute",
    keyGenerator: (request) => `lead-forms:${request.ip}`,
  });
  const pages = await registerWebApp(app, config, {
    pages: pageData(db, config, {
      googleMapsApiKey: config.googleMapsApiKey,
      socialSignIn: { google: Boolean(config.auth.google), facebook: Boolean(config.auth.facebook) },
    }),
    contentVersion: () => catalogGeneration(db),
    leadForms: (request) =>
      leadForms(db, async () => {
        const limit = await leadFormLimit(request);
        return limit.isAllowed || !limit.isExceeded;
      }),
  });
  await app.register(blogsFileRoute, { db });
  await app.register(crawlerRoutes, { pages, publicUrl: config.publicUrl, db });

  return app;
}
