import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const serverRoot = fileURLToPath(new URL("../", import.meta.url));

const booleanFromEnv = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  SEED_DEMO: booleanFromEnv.default(true),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: booleanFromEnv.default(false),
  WEB_DIR: z.string().min(1).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
    .optional(),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  /** The address people use to reach the shop; links in e-mails and OAuth callbacks use it. */
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  logLevel: string;
  trustProxy: boolean;
  /** The built web app (prerendered pages and assets); absent in API-only tests. */
  webDir: string | undefined;
  /** Shared store for rate-limit counters when several instances run; memory otherwise. */
  redisUrl: string | undefined;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const values = parsed.data;
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ""),
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    seedDemo: values.SEED_DEMO,
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    webDir: path.resolve(values.WEB_DIR ?? path.join(serverRoot, "../web/build/client")),
    redisUrl: values.REDIS_URL,
  };
}
