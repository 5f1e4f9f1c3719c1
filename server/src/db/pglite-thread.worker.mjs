// The embedded database's own thread (see pglite-thread.ts): it opens PGlite and runs what the main
// thread sends, one request at a time, in order. Statements arrive as PostgreSQL's wire protocol
// and their answers go back as its raw bytes, unread: reading them is the main thread's work.
import { parentPort } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";

/** @type {PGlite | undefined} */
let database;

/** The bytes of `chunks` as one array (the one itself when there is only one). */
function joined(chunks, size) {
  if (chunks.length === 1) return chunks[0];
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return all;
}

const operations = {
  async open({ dataDir, startParams, loadDataDir }) {
    database = await PGlite.create(dataDir, {
      startParams,
      loadDataDir: loadDataDir && new Blob([loadDataDir]),
    });
    return [undefined];
  },
  async run({ message, syncToFs }) {
    const chunks = [];
    let size = 0;
    await database.execProtocolRawStream(message, {
      syncToFs,
      // Each chunk is a view of the database's memory, reused by the next one: copied.
      onRawData: (chunk) => {
        chunks.push(chunk.slice());
        size += chunk.length;
      },
    });
    const bytes = joined(chunks, size);
    return [bytes, [bytes.buffer]];
  },
  async sync() {
    await database.syncToFs();
    return [undefined];
  },
  async dump({ compression }) {
    const bytes = new Uint8Array(await (await database.dumpDataDir(compression)).arrayBuffer());
    return [bytes, [bytes.buffer]];
  },
  async close() {
    await database?.close();
    database = undefined;
    return [undefined];
  },
};

let queue = Promise.resolve();
parentPort.on("message", (request) => {
  queue = queue.then(async () => {
    try {
      const [value, transfer = []] = await operations[request.op](request);
      parentPort.postMessage({ id: request.id, ok: true, value }, transfer);
    } catch (error) {
      const { message, name, stack, code } = error ?? {};
      parentPort.postMessage({
        id: request.id,
        ok: false,
        error: { message: String(message ?? error), name, stack, code },
      });
    }
  });
});
