import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { runOn, type WorkerAnswer, type WorkerRequest } from "./embedded-run.js";

/**
 * The embedded database's thread (see `workerLink`): opens the database in `directory` and runs
 * what the main thread sends, one request after another, in the order they came.
 */
const { directory, startParams } = workerData as { directory: string; startParams: string[] };
const port = parentPort;
if (!port) throw new Error("embedded-worker runs as a worker thread");

const failure = (error: unknown) => ({
  message: error instanceof Error ? error.message : String(error),
  code: (error as { code?: string }).code,
});

let pglite: PGlite;
try {
  pglite = await PGlite.create(directory, { startParams });
} catch (error) {
  port.postMessage({ failed: failure(error) } satisfies WorkerAnswer);
  throw error;
}

let turn: Promise<void> = Promise.resolve();

async function answer(request: WorkerRequest): Promise<void> {
  try {
    if ("run" in request) {
      const bytes = await runOn(pglite, request.run);
      port?.postMessage({ id: request.id, bytes } satisfies WorkerAnswer, [bytes.buffer as ArrayBuffer]);
    } else if ("dump" in request) {
      const dump = await pglite.dumpDataDir("gzip");
      const bytes = new Uint8Array(await dump.arrayBuffer());
      port?.postMessage({ id: request.id, bytes } satisfies WorkerAnswer, [bytes.buffer as ArrayBuffer]);
    } else {
      await pglite.close();
      port?.postMessage({ id: request.id, bytes: new Uint8Array() } satisfies WorkerAnswer);
    }
  } catch (error) {
    port?.postMessage({ id: request.id, error: failure(error) } satisfies WorkerAnswer);
  }
}

port.on("message", (request: WorkerRequest) => {
  turn = turn.then(() => answer(request));
});
port.postMessage({ ready: true } satisfies WorkerAnswer);
