import type { FastifyBaseLogger } from "fastify";
import { resolveAuthSecret } from "../auth/secret.js";
import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import { mailBrand } from "../mail/layout.js";
import { createMailer, type Mailer } from "../mail/mailer.js";
import { notificationHandlers } from "../mail/notifications.js";
import type { JobHandlers } from "./worker.js";
import { createWorker, type Worker, type WorkerOptions } from "./worker.js";

/** What each kind of job does. */
export function jobHandlers(options: { db: Database; config: Config; mailer: Mailer }): JobHandlers {
  const { db, config, mailer } = options;
  const host = new URL(config.publicUrl).hostname;
  let secret: Promise<string> | undefined;
  return {
    "mail.send": async (mail, job) => {
      await mailer.send({ ...mail, messageId: `<${job.id}@${host}>` });
    },
    ...notificationHandlers({
      db,
      brand: mailBrand(config.site, config.publicUrl, config.shopName),
      notifyEmail: config.notifyEmail,
      secret: () => {
        secret ??= resolveAuthSecret(db, config.auth.secret);
        return secret;
      },
    }),
  };
}

export type JobRuntime = { worker: Worker; mailer: Mailer; stop(): Promise<void> };

/** The worker with the shop's handlers and its own mail transport. */
export function createJobRuntime(
  options: { db: Database; config: Config; log: FastifyBaseLogger } & Partial<
    Pick<WorkerOptions, "retryDelayMs" | "leaseMs" | "shutdownGraceMs" | "yieldTo">
  >,
): JobRuntime {
  const { db, config, log } = options;
  const mailer = createMailer({ ...config.mail, log });
  const worker = createWorker({
    db,
    log,
    handlers: jobHandlers({ db, config, mailer }),
    concurrency: config.worker.concurrency,
    pollMs: config.worker.pollMs,
    retryDelayMs: options.retryDelayMs,
    leaseMs: options.leaseMs,
    shutdownGraceMs: options.shutdownGraceMs,
    yieldTo: options.yieldTo,
  });
  return {
    worker,
    mailer,
    async stop() {
      await worker.stop();
      mailer.close();
    },
  };
}
