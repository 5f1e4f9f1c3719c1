import type { FastifyBaseLogger } from "fastify";
import { resolveAuthSecret } from "./auth/secret.js";
import { type Clock, systemClock } from "./clock.js";
import type { Config } from "./config.js";
import type { Database } from "./db/client.js";
import type { JobHandler, JobHandlers } from "./jobs/worker.js";
import { combineWorkers, createWorker, type Worker, type WorkerOptions } from "./jobs/worker.js";
import { documentLetterhead } from "./letterhead.js";
import type { MailBrand } from "./mail/layout.js";
import { createMailer, type Mailer } from "./mail/mailer.js";
import { type NotificationContext, notificationHandlers } from "./mail/notifications.js";
import { orderWorkHandlers } from "./mail/order-work.js";
import { checkApprovalWait, runRule } from "./modules/automations/index.js";
import { priceChangeHandlers, receiptSettings, runRenewal } from "./modules/billing/index.js";
import { currentMailBrand } from "./modules/content/index.js";
import { discardUnattachedFile } from "./modules/files/index.js";
import { wireModules } from "./modules/index.js";
import { checkOrderDue } from "./modules/orders/index.js";
import { salesMailHandlers } from "./modules/sales/index.js";
import { createDeliveryWorker, systemResolver, webhookMailHandlers } from "./modules/webhooks/index.js";
import { createTestProvider } from "./payment-providers/test-provider.js";
import { createFileStorage, type FileStorage } from "./storage/storage.js";
import { scheduleUpkeep, upkeepHandlers } from "./upkeep.js";

/** What each kind of job does. */
export function jobHandlers(options: {
  db: Database;
  config: Config;
  mailer: Mailer;
  clock: Clock;
  log: Pick<FastifyBaseLogger, "info">;
}): JobHandlers {
  const { db, config, mailer, clock } = options;
  const renewals = {
    db,
    clock,
    receipts: receiptSettings(config, db),
    // Stripe Billing charges its own renewals; offline, the test provider charges saved cards.
    provider: config.payments.provider === "test" ? createTestProvider(db, clock) : undefined,
  };
  const host = new URL(config.publicUrl).hostname;
  let secret: Promise<string> | undefined;
  let storage: Promise<FileStorage> | undefined;
  const brand = currentMailBrand(db, config);
  const files = () => {
    storage ??= createFileStorage(config.files.storage);
    return storage;
  };
  const letterhead = documentLetterhead(config, db, files);
  const mailHandlers = (current: MailBrand): JobHandlers => {
    const notifications: NotificationContext = {
      db,
      brand: current,
      notifyEmail: config.notifyEmail,
      secret: () => {
        secret ??= resolveAuthSecret(db, config.auth.secret);
        return secret;
      },
    };
    return {
      ...notificationHandlers(notifications),
      ...orderWorkHandlers(notifications),
      ...priceChangeHandlers(notifications),
      ...salesMailHandlers(notifications, letterhead),
      ...webhookMailHandlers(notifications),
    };
  };
  // Each mail job reads the brand when it runs, so a mail written after a rebrand carries the new
  // name and logo (from the site identity's cache: no query while nothing was saved).
  const mailKinds = Object.keys(
    mailHandlers({ name: "", logoUrl: "", address: [], publicUrl: "", locale: "en-US" }),
  );
  const brandedMailHandlers = Object.fromEntries(
    mailKinds.map((kind) => {
      const handler: JobHandler<never> = async (payload, job) => {
        const handlers = mailHandlers(await brand()) as Record<string, JobHandler<never>>;
        await handlers[kind]?.(payload, job);
      };
      return [kind, handler];
    }),
  ) as JobHandlers;
  return {
    "mail.send": async (mail, job) => {
      await mailer.send({ ...mail, messageId: `<${job.id}@${host}>` });
    },
    "subscription.renew": (payload) => runRenewal(renewals, payload),
    "order.due-check": (payload) => checkOrderDue(db, payload),
    "automation.run": (payload, job) => runRule(db, clock, payload, job),
    "automation.approval-check": (payload, job) => checkApprovalWait(db, clock, payload, job),
    "file.discard-unattached": async ({ fileId }) => {
      await discardUnattachedFile(db, await files(), fileId);
    },
    ...upkeepHandlers({
      db,
      retention: config.retention,
      embedded: !config.databaseUrl,
      log: options.log,
    }),
    ...brandedMailHandlers,
  };
}

export type JobRuntime = {
  worker: Worker;
  mailer: Mailer;
  /** Starts the worker, and queues the upkeep's next runs now and every hour (once across processes). */
  start(): Promise<void>;
  stop(): Promise<void>;
};

/** The worker with the shop's handlers and its own mail transport. */
export function createJobRuntime(
  options: { db: Database; config: Config; log: FastifyBaseLogger; clock?: Clock } & Partial<
    Pick<WorkerOptions, "retryDelayMs" | "leaseMs" | "heartbeatMs" | "shutdownGraceMs" | "yieldTo">
  >,
): JobRuntime {
  const { db, config, log } = options;
  wireModules();
  const clock = options.clock ?? systemClock;
  const mailer = createMailer({ ...config.mail, log });
  const handlers = jobHandlers({ db, config, mailer, clock, log });
  const shared = {
    db,
    log,
    handlers,
    clock,
    pollMs: config.worker.pollMs,
    retryDelayMs: options.retryDelayMs,
    leaseMs: options.leaseMs,
    heartbeatMs: options.heartbeatMs,
    shutdownGraceMs: options.shutdownGraceMs,
    yieldTo: options.yieldTo,
  };
  // Webhook deliveries mostly wait on other servers: they have a worker of their own, so a slow
  // receiver holds up neither the mail nor the renewals, and many go out at once.
  const worker = combineWorkers([
    createWorker({ ...shared, concurrency: config.worker.concurrency }),
    createDeliveryWorker({
      ...shared,
      ctx: {
        db,
        clock,
        rules: { allowPrivate: config.webhooks.allowPrivateAddresses, resolve: systemResolver },
        timeoutMs: config.webhooks.timeoutMs,
        publicUrl: config.publicUrl,
      },
      concurrency: config.webhooks.concurrency,
    }),
  ]);
  let upkeepTimer: NodeJS.Timeout | undefined;
  return {
    worker,
    mailer,
    async start() {
      const schedule = () => scheduleUpkeep(db, new Date(), !config.databaseUrl);
      await schedule();
      upkeepTimer = setInterval(() => {
        schedule().catch((error: unknown) => log.error({ err: error }, "upkeep not scheduled"));
      }, 3_600_000);
      upkeepTimer.unref();
      worker.start();
    },
    async stop() {
      clearInterval(upkeepTimer);
      await worker.stop();
      mailer.close();
    },
  };
}
