import { Worker } from "node:worker_threads";
import type { PGlite } from "@electric-sql/pglite";
import { type EmbeddedLink, KeptStatements } from "./embedded-connection.js";
import { runOn, statusAfter, type WorkerAnswer } from "./embedded-run.js";

/** The embedded database in this thread: its statements run between the server's own work. */
export function inThreadLink(pglite: PGlite, kept = new KeptStatements()): EmbeddedLink {
  let status = "I";
  return {
    kept,
    get status() {
      return status;
    },
    async run(messages) {
      // The lock PGlite's own queries take, so that they and these never interleave.
      const answer = await pglite._runExclusiveQuery(() => runOn(pglite, messages));
      status = statusAfter(answer, status);
      return answer;
    },
  };
}

export type WorkerLink = EmbeddedLink & {
  /** The whole database as a gzipped tarball (PGlite's `dumpDataDir`). */
  dump(): Promise<Uint8Array>;
  /** Closes the database and ends its thread. */
  close(): Promise<void>;
};

/**
 * The database's thread: the compiled `embedded-worker.js` beside this file, or, when the server
 * runs from its TypeScript sources (the tests), `embedded-worker.ts` through tsx's loader.
 */
function startWorker(workerData: unknown): Worker {
  if (!import.meta.url.endsWith(".ts"))
    return new Worker(new URL("./embedded-worker.js", import.meta.url), { workerData });
  const entry = JSON.stringify(new URL("./embedded-worker.ts", import.meta.url).href);
  const bootstrap = `import("tsx/esm/api").then(({ register }) => { register(); return import(${entry}); })`;
  return new Worker(bootstrap, { eval: true, workerData });
}

/**
 * The embedded database in `directory`, run by a worker thread of its own: its statements run
 * there while this thread serves requests, reads answers and renders pages, so the two overlap on
 * a machine of two cores or more. Messages and answers cross as bytes.
 */
export async function workerLink(directory: string, startParams: string[]): Promise<WorkerLink> {
  const worker = startWorker({ directory, startParams });
  const waiting = new Map<number, { resolve(value: Uint8Array): void; reject(error: Error): void }>();
  let next = 0;
  let status = "I";
  let ended: Error | undefined;

  const failAll = (error: Error) => {
    ended ??= error;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  const asError = ({ message, code }: { message: string; code?: string }) =>
    Object.assign(new Error(message), code ? { code } : {});

  // Until the thread says it is ready (or why it is not); then the answers' listeners take over.
  await new Promise<void>((resolve, reject) => {
    const onMessage = (answer: WorkerAnswer) => {
      if ("ready" in answer) settle();
      else if ("failed" in answer) settle(asError(answer.failed));
    };
    const onError = (error: Error) => settle(error);
    const onExit = (code: number) => settle(new Error(`The embedded database's thread ended (${code}).`));
    const settle = (error?: Error) => {
      worker.off("message", onMessage).off("error", onError).off("exit", onExit);
      if (error)
        worker.terminate().then(
          () => reject(error),
          () => reject(error),
        );
      else resolve();
    };
    worker.on("message", onMessage).on("error", onError).on("exit", onExit);
  });
  worker.on("message", (answer: WorkerAnswer) => {
    if (!("id" in answer)) return;
    const request = waiting.get(answer.id);
    waiting.delete(answer.id);
    if (waiting.size === 0) worker.unref();
    if ("error" in answer) request?.reject(asError(answer.error));
    else request?.resolve(answer.bytes);
  });
  worker.on("error", (error) => failAll(error));
  worker.on("exit", (code) => failAll(new Error(`The embedded database's thread ended (${code}).`)));
  // The thread holds the process open only while an answer is awaited.
  worker.unref();

  type Asked = { run: Uint8Array } | { dump: true } | { close: true };
  const ask = (request: Asked) => {
    if (ended) return Promise.reject(ended);
    const id = ++next;
    if (waiting.size === 0) worker.ref();
    return new Promise<Uint8Array>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    });
  };

  return {
    kept: new KeptStatements(),
    get status() {
      return status;
    },
    async run(messages) {
      const answer = await ask({ run: messages });
      status = statusAfter(answer, status);
      return answer;
    },
    dump: () => ask({ dump: true }),
    async close() {
      if (ended) return;
      await ask({ close: true });
      ended = new Error("The embedded database is closed.");
      await worker.terminate();
    },
  };
}
