import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.js";

/**
 * Off by default; each route that takes input from strangers opts in with its own limits. With
 * REDIS_URL the counters are shared by every instance.
 */
export async function registerRateLimit(app: FastifyInstance, config: Config) {
  // The Redis client is loaded only when REDIS_URL asks for it.
  const redis = config.redisUrl
    ? new (await import("ioredis")).Redis(config.redisUrl, {
        connectTimeout: 500,
        maxRetriesPerRequest: 1,
        lazyConnect: false,
      })
    : undefined;
  if (redis) app.addHook("onClose", async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: "agency-rate-limit-" } : {}),
  });
}
