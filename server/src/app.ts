import { Health } from "@agency/contract";
import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { Redis } from "ioredis";
import { createAuth } from "./auth/auth.js";
import { resolveAuthSecret } from "./auth/secret.js";
import type { Config } from "./config.js";
import type { Database } from "./db/client.js";
import { AppError } from "./errors.js";
import { createMailer } from "./mail/mailer.js";
import { blogAdminRoutes } from "./modules/blogs/admin-routes.js";
import { blogRoutes, blogsFileRoute } from "./modules/blogs/routes.js";
import { catalogRoutes } from "./modules/catalog/routes.js";
import { leadAdminRoutes } from "./modules/leads/admin-routes.js";
import { leadRoutes } from "./modules/leads/routes.js";
import { orderAdminRoutes } from "./modules/orders/admin-routes.js";
import { orderRoutes } from "./modules/orders/routes.js";
import { paymentRoutes } from "./modules/payments/routes.js";
import { registerStripeWebhook } from "./modules/payments/webhook.js";
import { reviewRoutes } from "./modules/reviews/routes.js";
import { crawlerRoutes, siteRoutes } from "./modules/site/routes.js";
import { userAdminRoutes } from "./modules/users/admin-routes.js";
import { applyConfiguredAdmin } from "./modules/users/roles.js";
import { userRoutes } from "./modules/users/routes.js";
import type { PaymentProvider } from "./payments/provider.js";
import { createStripeClient, createStripeProvider } from "./payments/stripe.js";
import { createTestProvider } from "./payments/test-provider.js";
import { authPlugin } from "./plugins/auth.js";
import { authzPlugin } from "./plugins/authz.js";
import { registerErrorHandling } from "./plugins/errors.js";
import { stripeSources, withGoogleMapsSources, withSources } from "./plugins/google-maps-csp.js";
import { registerOpenApi } from "./plugins/openapi.js";
import { hasBuiltWebApp, registerWebApp } from "./plugins/web-app.js";

export function redactTokens(url: string): string {
  return url
    .replace(/([?&](?:token|code|state)=)[^&#]*/gi, "$1[redacted]")
    .replace(/(\/reset-password\/)[^/?#]+/, "$1[redacted]");
}

export type AppOptions = { config: Config; db: Database };

export async function buildApp({ config, db }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === "silent"
        ? false
        : {
            level: config.logLevel,
            serializers: {
              // One-time tokens of e-mailed links travel in addresses; logs must not keep them.
              req: (request: { method: string; url: string; ip?: string }) => ({
                method: request.method,
                url: redactTokens(request.url),
                remoteAddress: request.ip,
              }),
            },
          },
    trustProxy: config.trustProxy as FastifyServerOptions["trustProxy"],
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: withSources(
        config.payments.provider === "stripe" ? stripeSources : {},
        withGoogleMapsSources(Boolean(config.googleMapsApiKey), {
          defaultSrc: ["'self'"],
          // React Router's prerendered pages hydrate through an inline module script.
          scriptSrc: ["'self'", "'unsafe-inline'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "https:"],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", "data:"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          // Plain-HTTP installs (a LAN address, no TLS yet) must still load their own assets.
          upgradeInsecureRequests: null,
        }),
      ),
    },
    crossOriginEmbedderPolicy: false,
  });

  await app.register(compress, { global: true, threshold: 1024 });

  // Off by default; each route that takes input from strangers opts in with its own limits.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  if (redis) app.addHook("onClose", async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: "agency-rate-limit-" } : {}),
  });

  await app.register(authzPlugin);
  const mailer = createMailer({ ...config.mail, log: app.log });
  app.addHook("onClose", async () => mailer.close());
  const auth = createAuth({ config, db, mailer, secret: await resolveAuthSecret(db, config.auth.secret) });
  await app.register(authPlugin, { auth, publicUrl: config.publicUrl });
  await applyConfiguredAdmin(db, config.auth.adminEmail);

  await registerOpenApi(app, config.publicUrl);

  let provider: PaymentProvider;
  if (config.payments.provider === "stripe") {
    const stripe = createStripeClient(config.payments);
    provider = createStripeProvider(config.payments, stripe);
    await registerStripeWebhook(app, { db, stripe, secret: config.payments.webhookSecret });
  } else {
    provider = createTestProvider(db);
  }

  await app.register(
    async (instance) => {
      const api = instance.withTypeProvider<ZodTypeProvider>();
      api.get(
        "/health",
        {
          config: { access: "public" },
          schema: { tags: ["system"], summary: "Liveness and database check", response: { 200: Health } },
        },
        async () => {
          await db.execute(sql`select 1`);
          return { status: "ok" as const, database: "ok" as const };
        },
      );
      await api.register(catalogRoutes, { db });
      await api.register(blogRoutes, { db });
      await api.register(leadRoutes, { db, rateLimitPerMinute: config.leadsRateLimit });
      await api.register(siteRoutes, {
        googleMapsApiKey: config.googleMapsApiKey,
        socialSignIn: { google: Boolean(config.auth.google), facebook: Boolean(config.auth.facebook) },
      });
      await api.register(userRoutes, { db, config });
      await api.register(userAdminRoutes, { db });
      await api.register(orderRoutes, { db, provider });
      await api.register(paymentRoutes, { db, provider });
      await api.register(reviewRoutes, { db });
      await api.register(orderAdminRoutes, { db });
      await api.register(blogAdminRoutes, { db });
      await api.register(leadAdminRoutes, { db });
    },
    { prefix: "/api" },
  );

  const webApp = hasBuiltWebApp(config.webDir)
    ? await registerWebApp(app, config.webDir, config.publicUrl)
    : undefined;
  await app.register(blogsFileRoute, { db });
  await app.register(crawlerRoutes, { pages: webApp?.pages ?? [], publicUrl: config.publicUrl });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const isApi = pathname === "/api" || pathname.startsWith("/api/");
    if (!isApi && webApp && (request.method === "GET" || request.method === "HEAD")) {
      return webApp.send(pathname, reply);
    }
    throw new AppError("not_found", `No route for ${request.method} ${pathname}.`);
  });

  return app;
}
