import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SiteConfig } from "@agency/contract";
import { ConfigError } from "./config-error.js";
import { type Env, EnvSchema } from "./config-schema.js";

const serverRoot = fileURLToPath(new URL("../", import.meta.url));

/** Where uploaded files are kept: a folder, or an S3-compatible bucket shared by every instance. */
export type FileStorageConfig =
  | { kind: "disk"; dir: string }
  | {
      kind: "s3";
      bucket: string;
      region: string;
      endpoint: string | undefined;
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
    };

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  /** The address people use to reach the shop; links in e-mails and OAuth callbacks use it. */
  publicUrl: string;
  /**
   * Without PUBLIC_URL on a server that listens beyond loopback: the line to log at start-up that
   * says which PUBLIC_URL to set for other machines to sign in.
   */
  publicUrlAdvice: string | undefined;
  dataDir: string;
  /** Uploads: the largest file accepted, and where files are kept. */
  files: { maxBytes: number; storage: FileStorageConfig };
  databaseUrl: string | undefined;
  /** Connections each process opens to PostgreSQL at most (DATABASE_POOL_MAX). */
  databasePoolMax: number;
  seedDemo: boolean;
  logLevel: string;
  /**
   * Fastify's trustProxy: false, a number of proxy hops, or the proxies' addresses/CIDRs. The
   * client address behind them feeds the rate limits, so trusting every hop is not offered.
   */
  trustProxy: boolean | number | string;
  /** The built web app (prerendered pages and assets); absent in API-only tests. */
  webDir: string | undefined;
  /** Shared store for rate-limit counters when several instances run; memory otherwise. */
  redisUrl: string | undefined;
  /** Browser key for the contact page's map; without it the page shows an address card. */
  googleMapsApiKey: string | undefined;
  /** Contact messages, query requests and newsletter sign-ups accepted per client per minute. */
  leadsRateLimit: number;
  /** SHOP_NAME, else the site identity file's name: what the sign-in providers' pages show. */
  shopName: string;
  /**
   * SHOP_NAME when set: mails and receipts then use it instead of the name saved in Site content.
   */
  shopNameOverride: string | undefined;
  /** The agency's identity (name, logo, address), as the site identity file gives it. */
  site: SiteConfig;
  /** Where owner notifications go; every admin when unset. */
  notifyEmail: string | undefined;
  /** On receipts: the tax included in prices, in percent, and the agency's tax id. */
  tax: { ratePercent: number; id: string | undefined };
  auth: {
    /** Signs sessions; when unset, one is generated once and kept in the database. */
    secret: string | undefined;
    /**
     * Origins besides PUBLIC_URL that may call the account endpoints (e.g. the dev server); without
     * PUBLIC_URL, the loopback addresses of the port as well.
     */
    trustedOrigins: string[];
    /** This account is made admin (once its e-mail address is verified it can sign in). */
    adminEmail: string | undefined;
    /**
     * Attempts per client and window on the credential endpoints (sign-in, sign-up, password
     * reset, confirmation e-mails and links). Session reads are never limited.
     */
    rateLimit: { max: number; windowSeconds: number };
    google: { clientId: string; clientSecret: string; discoveryUrl: string } | undefined;
    facebook: { clientId: string; clientSecret: string } | undefined;
  };
  mail: { smtpUrl: string | undefined; sender: MailSender; outboxDir: string };
  /** The bearer token a Prometheus scraper sends to GET /api/metrics; without it there is no such route. */
  metricsToken: string | undefined;
  /** Background jobs: whether `npm start` runs them too, and how many at once. */
  worker: { inApp: boolean; concurrency: number; pollMs: number };
  /** How long the daily upkeep keeps what it removes, in days (0: for ever); see upkeep.ts. */
  retention: { webhookDays: number; jobDays: number; signInDays: number };
  /**
   * Outgoing webhooks and chat notices: whether private, loopback and link-local addresses may be
   * called (only when WEBHOOK_ALLOW_PRIVATE_TARGETS says so), how long a receiver may take, and
   * deliveries in flight at once.
   */
  webhooks: { allowPrivateAddresses: boolean; timeoutMs: number; concurrency: number };
  payments:
    | {
        provider: "stripe";
        secretKey: string;
        publishableKey: string;
        webhookSecret: string;
        /** Another address for Stripe's API (a local fake in tests, or a proxy). */
        apiBase: string | undefined;
      }
    | { provider: "test" };
};

/**
 * Who the shop's mail is from. `name` is fixed by MAIL_FROM's display name or SHOP_NAME; without
 * either, each mail carries the shop's name as it was when the mail was written, and `fallbackName`
 * is for mail written before mails carried one.
 */
export type MailSender = { address: string; name: string | undefined; fallbackName: string };

export { ConfigError };

/** MAIL_FROM is `Name <address>`, `"Name" <address>` or a bare address. */
function mailSender(
  mailFrom: string | undefined,
  shopNameOverride: string | undefined,
  fallbackName: string,
): MailSender {
  const named = mailFrom?.match(/^\s*(?:"([^"]*)"|([^<]*?))\s*<([^<>\s]+)>\s*$/);
  if (named) {
    const name = (named[1] ?? named[2] ?? "").trim();
    return { address: named[3] ?? "", name: name || shopNameOverride, fallbackName };
  }
  return { address: mailFrom?.trim() || "no-reply@localhost", name: shopNameOverride, fallbackName };
}

function parseTrustProxy(value: string): boolean | number | string {
  if (["", "false", "0", "no"].includes(value)) return false;
  // "true" keeps its old meaning of one proxy in front, the usual set-up.
  if (value === "true" || value === "yes") return 1;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/**
 * The agency's name as the site identity file gives it (the same file the web build reads), so
 * e-mails and sign-in pages carry the name the pages show.
 */
function siteIdentity(env: NodeJS.ProcessEnv): SiteConfig {
  const file = env.SITE_CONFIG
    ? path.resolve(env.INIT_CWD ?? process.cwd(), env.SITE_CONFIG)
    : path.join(serverRoot, "../site.config.json");
  if (!existsSync(file)) return SiteConfig.parse({});
  try {
    return SiteConfig.parse(JSON.parse(readFileSync(file, "utf8")));
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration:\n  ${file}: ${error instanceof Error ? error.message : error}`,
    );
  }
}

/** The addresses a browser on this machine may use for the shop when PUBLIC_URL is not set. */
function loopbackOrigins(port: number): string[] {
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`];
}

function listensBeyondLoopback(host: string): boolean {
  return !["localhost", "127.0.0.1", "::1"].includes(host);
}

/**
 * What to tell the owner of a server reachable from other machines but without PUBLIC_URL: sign-in
 * from those machines needs the address they use, e.g. the machine's LAN address.
 */
export function publicUrlAdvice(
  host: string,
  port: number,
  interfaces: ReturnType<typeof os.networkInterfaces> = os.networkInterfaces(),
): string | undefined {
  if (!listensBeyondLoopback(host)) return undefined;
  const lanAddress = Object.values(interfaces)
    .flat()
    .find((item) => item && item.family === "IPv4" && !item.internal)?.address;
  const example = `http://${lanAddress ?? "<this machine's address>"}:${port}`;
  return `PUBLIC_URL is not set: sign-up and login work at ${loopbackOrigins(port).join(", ")}. To use the shop from other machines, set PUBLIC_URL to the address they open it at, e.g. PUBLIC_URL=${example}`;
}

function fileStorage(values: Env): FileStorageConfig {
  if (!values.S3_BUCKET) return { kind: "disk", dir: path.join(path.resolve(values.DATA_DIR), "uploads") };
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = values;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError(
      "Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both.",
    );
  }
  return {
    kind: "s3",
    bucket: values.S3_BUCKET,
    region: values.S3_REGION,
    endpoint: values.S3_ENDPOINT,
    // Without keys, the SDK's own chain (environment, instance role) provides them.
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: values.S3_FORCE_PATH_STYLE,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const values = parsed.data;
  const site = siteIdentity(env);
  const shopName = values.SHOP_NAME ?? site.name;
  const stripeKeys = [values.STRIPE_SECRET_KEY, values.STRIPE_PUBLISHABLE_KEY, values.STRIPE_WEBHOOK_SECRET];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
    throw new ConfigError(
      "Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET go together: set all three.",
    );
  }
  if (!values.STRIPE_SECRET_KEY && values.NODE_ENV === "production" && !values.ALLOW_TEST_PAYMENTS) {
    throw new ConfigError(
      "Invalid configuration:\n  NODE_ENV=production needs Stripe (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET), or ALLOW_TEST_PAYMENTS=true to take test payments that charge nobody.",
    );
  }
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ""),
    publicUrlAdvice: values.PUBLIC_URL ? undefined : publicUrlAdvice(values.HOST, values.PORT),
    dataDir: path.resolve(values.DATA_DIR),
    files: { maxBytes: values.UPLOAD_MAX_BYTES, storage: fileStorage(values) },
    databaseUrl: values.DATABASE_URL,
    databasePoolMax: values.DATABASE_POOL_MAX,
    seedDemo: values.SEED_DEMO,
    logLevel: values.LOG_LEVEL,
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    webDir: path.resolve(values.WEB_DIR ?? path.join(serverRoot, "../web/build/client")),
    redisUrl: values.REDIS_URL,
    googleMapsApiKey: values.GOOGLE_MAPS_API_KEY,
    leadsRateLimit: values.LEADS_RATE_LIMIT,
    shopName,
    shopNameOverride: values.SHOP_NAME,
    site,
    notifyEmail: values.NOTIFY_EMAIL?.toLowerCase(),
    tax: { ratePercent: values.TAX_RATE, id: values.TAX_ID },
    auth: {
      secret: values.AUTH_SECRET,
      trustedOrigins: [
        ...(values.PUBLIC_URL ? [] : loopbackOrigins(values.PORT)),
        ...(values.TRUSTED_ORIGINS ?? "")
          .split(",")
          .map((origin) => origin.trim().replace(/\/$/, ""))
          .filter(Boolean),
      ],
      adminEmail: values.ADMIN_EMAIL?.toLowerCase(),
      rateLimit: { max: values.AUTH_RATE_LIMIT_MAX, windowSeconds: values.AUTH_RATE_LIMIT_WINDOW },
      google:
        values.GOOGLE_CLIENT_ID && values.GOOGLE_CLIENT_SECRET
          ? {
              clientId: values.GOOGLE_CLIENT_ID,
              clientSecret: values.GOOGLE_CLIENT_SECRET,
              discoveryUrl: values.GOOGLE_DISCOVERY_URL,
            }
          : undefined,
      facebook:
        values.FACEBOOK_CLIENT_ID && values.FACEBOOK_CLIENT_SECRET
          ? { clientId: values.FACEBOOK_CLIENT_ID, clientSecret: values.FACEBOOK_CLIENT_SECRET }
          : undefined,
    },
    payments:
      values.STRIPE_SECRET_KEY && values.STRIPE_PUBLISHABLE_KEY && values.STRIPE_WEBHOOK_SECRET
        ? {
            provider: "stripe",
            secretKey: values.STRIPE_SECRET_KEY,
            publishableKey: values.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: values.STRIPE_WEBHOOK_SECRET,
            apiBase: values.STRIPE_API_BASE,
          }
        : { provider: "test" },
    metricsToken: values.METRICS_TOKEN,
    worker: {
      inApp: values.RUN_WORKER,
      concurrency: values.WORKER_CONCURRENCY,
      pollMs: values.WORKER_POLL_MS,
    },
    retention: {
      webhookDays: values.RETAIN_WEBHOOKS_DAYS,
      jobDays: values.RETAIN_JOBS_DAYS,
      signInDays: values.RETAIN_SIGN_INS_DAYS,
    },
    webhooks: {
      allowPrivateAddresses: values.WEBHOOK_ALLOW_PRIVATE_TARGETS,
      timeoutMs: values.WEBHOOK_TIMEOUT_MS,
      concurrency: values.WEBHOOK_CONCURRENCY,
    },
    mail: {
      smtpUrl: values.SMTP_URL,
      sender: mailSender(values.MAIL_FROM, values.SHOP_NAME, shopName),
      outboxDir: path.join(path.resolve(values.DATA_DIR), "outbox"),
    },
  };
}
