import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { createJobRuntime } from "../src/job-runtime.js";
import type { TestContext } from "./helpers.js";

const quiet = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => quiet };

/**
 * What a freshly started instance's worker does: runs every due job (fan-outs queue mails, which
 * then run too) and stops. Answers how many jobs ran.
 */
export async function runJobs(ctx: TestContext): Promise<number> {
  const runtime = createJobRuntime({
    db: ctx.db,
    config: ctx.config,
    log: quiet as never,
    clock: ctx.clock,
  });
  try {
    return await runtime.worker.drain();
  } finally {
    await runtime.stop();
  }
}

export type OutboxMail = {
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail asks the reader to open, when it has one. */
  link?: string;
  headers?: Record<string, string>;
};

/** Every mail in the test app's outbox, oldest first. */
export async function outbox(ctx: TestContext): Promise<OutboxMail[]> {
  const files = (await readdir(ctx.config.mail.outboxDir).catch(() => [] as string[]))
    .filter((file) => file.endsWith(".json"))
    .sort();
  return Promise.all(
    files.map(async (file) => JSON.parse(await readFile(path.join(ctx.config.mail.outboxDir, file), "utf8"))),
  );
}
