import { Health } from "@agency/contract";
import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { Redis } from "ioredis";
import type { Config } from "./config.js";
import type { Database } from "./db/client.js";
import { AppError } from "./errors.js";
import { catalogRoutes } from "./modules/catalog/routes.js";
import { registerErrorHandling } from "./plugins/errors.js";
import { registerOpenApi } from "./plugins/openapi.js";
import { hasBuiltWebApp, registerWebApp } from "./plugins/web-app.js";

export type AppOptions = { config: Config; db: Database };

export async function buildApp({ config, db }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === "silent" ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
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
      },
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

  await registerOpenApi(app, config.publicUrl);

  await app.register(
    async (instance) => {
      const api = instance.withTypeProvider<ZodTypeProvider>();
      api.get(
        "/health",
        { schema: { tags: ["system"], summary: "Liveness and database check", response: { 200: Health } } },
        async () => {
          await db.execute(sql`select 1`);
          return { status: "ok" as const, database: "ok" as const };
        },
      );
      await api.register(catalogRoutes, { db });
    },
    { prefix: "/api" },
  );

  const sendWebApp = hasBuiltWebApp(config.webDir) ? await registerWebApp(app, config.webDir) : undefined;

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const isApi = pathname === "/api" || pathname.startsWith("/api/");
    if (!isApi && sendWebApp && (request.method === "GET" || request.method === "HEAD")) {
      return sendWebApp(pathname, reply);
    }
    throw new AppError("not_found", `No route for ${request.method} ${pathname}.`);
  });

  return app;
}
