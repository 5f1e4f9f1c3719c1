import { z } from "zod";

// The environment variables the server reads, checked at start-up; loadConfig (config.ts) turns
// them into the typed Config.

const booleanFromEnv = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

export const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  SEED_DEMO: booleanFromEnv.default(true),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z.string().trim().default("false"),
  WEB_DIR: z.string().min(1).optional(),
  TRUSTED_ORIGINS: z.string().optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  ADMIN_EMAIL: z.email().optional(),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_WINDOW: z.coerce.number().int().positive().default(60),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  SHOP_NAME: z.string().min(1).optional(),
  SITE_CONFIG: z.string().min(1).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_DISCOVERY_URL: z.url().default("https://accounts.google.com/.well-known/openid-configuration"),
  FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  STRIPE_SECRET_KEY: z.string().startsWith("sk_", "must start with sk_").optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith("pk_", "must start with pk_").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_", "must start with whsec_").optional(),
  STRIPE_API_BASE: z.url().optional(),
  ALLOW_TEST_PAYMENTS: booleanFromEnv.default(false),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
    .optional(),
  // Empty counts as unset, so `GOOGLE_MAPS_API_KEY=` in an env file switches the map off.
  GOOGLE_MAPS_API_KEY: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined),
  LEADS_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  NOTIFY_EMAIL: z.email().optional(),
  TAX_RATE: z.coerce.number().min(0).max(100).default(0),
  TAX_ID: z.string().trim().min(1).optional(),
  RUN_WORKER: booleanFromEnv.default(true),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  WORKER_POLL_MS: z.coerce.number().int().min(50).default(1000),
  /** Days the daily upkeep keeps delivered webhooks, finished jobs, and expired sign-ins (0: for ever). */
  RETAIN_WEBHOOKS_DAYS: z.coerce.number().int().min(0).default(30),
  RETAIN_JOBS_DAYS: z.coerce.number().int().min(0).default(30),
  RETAIN_SIGN_INS_DAYS: z.coerce.number().int().min(0).default(7),
  /** Outgoing webhooks: how long a receiver may take to answer, and deliveries in flight at once. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(64),
  /**
   * Lets webhooks and chat notices call this machine and private networks (a receiver on the
   * developer's machine, the tests' receivers); off whatever NODE_ENV is, since `npm start` runs
   * in development.
   */
  WEBHOOK_ALLOW_PRIVATE_TARGETS: booleanFromEnv.default(false),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(1024 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().trim().min(1).optional(),
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  METRICS_TOKEN: z.string().trim().min(16, "must be at least 16 characters").optional(),
});

export type Env = z.infer<typeof EnvSchema>;
