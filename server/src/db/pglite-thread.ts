import { Worker } from "node:worker_threads";
import { Mutex, type messages, PGlite, protocol } from "@electric-sql/pglite";

/**
 * The embedded database on a thread of its own. PGlite runs PostgreSQL compiled to WebAssembly, and
 * in the shop's own thread every statement stopped the JavaScript of every other request while it
 * ran: four people at once on two cores took turns on one. Here PostgreSQL runs in a worker
 * thread, and the shop's thread keeps only what PGlite's own client does in JavaScript (building
 * the protocol's messages, reading the answers, the locks, the types' parsers), by extending the
 * base class PGlite's own client extends. Statements cross as the wire protocol's bytes, answers
 * come back as bytes, moved rather than copied. See docs/decisions/034-list-latency.md.
 */

/** The class PGlite and its worker client extend: `query`, `exec`, `transaction` and the types. */
const BasePGlite = Object.getPrototypeOf(PGlite) as abstract new () => Pick<
  PGlite,
  "query" | "exec" | "sql" | "transaction" | "parsers" | "serializers" | "describeQuery" | "refreshArrayTypes"
> & { _initArrayTypes(): Promise<void> };

type ProtocolOptions = {
  syncToFs?: boolean;
  throwOnError?: boolean;
  onNotice?: (notice: messages.NoticeMessage) => void;
};

type Reply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: Record<string, unknown> };

const workerFile = new URL("./pglite-thread.worker.mjs", import.meta.url);

class PGliteThread extends BasePGlite {
  debug = 0;
  readonly dataDir: string | undefined;
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  #next = 0;
  /** Why the thread stopped, once it has. */
  #stopped: Error | undefined;
  #closing = false;
  readonly #queryLock = new Mutex();
  readonly #transactionLock = new Mutex();

  constructor(dataDir: string | undefined) {
    super();
    this.dataDir = dataDir;
    this.#worker = new Worker(workerFile);
    // The thread keeps the process alive only while it owes an answer, as PGlite itself would.
    this.#worker.unref();
    this.#worker.on("message", (reply: Reply) => this.#settle(reply));
    this.#worker.on("error", (error) => this.#stop(error));
    this.#worker.on("exit", (code) =>
      this.#stop(new Error(`The embedded database's thread stopped (exit code ${code}).`)),
    );
  }

  #call<T>(request: Record<string, unknown>, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = ++this.#next;
    return new Promise<T>((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...request, id }, transfer);
    });
  }

  #settle(reply: Reply) {
    const waiting = this.#pending.get(reply.id);
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (!waiting) return;
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(Object.assign(new Error(String(reply.error.message)), reply.error));
  }

  #stop(error: Error) {
    this.#stopped ??= error;
    for (const waiting of this.#pending.values()) waiting.reject(this.#stopped);
    this.#pending.clear();
    this.#worker.unref();
  }

  async start(startParams: string[], loadDataDir: Blob | undefined) {
    const dump = loadDataDir && new Uint8Array(await loadDataDir.arrayBuffer());
    await this.#call(
      { op: "open", dataDir: this.dataDir, startParams, loadDataDir: dump },
      dump ? [dump.buffer] : [],
    );
    await this._initArrayTypes();
  }

  get ready() {
    return !this.#stopped && !this.#closing;
  }

  get closed() {
    return this.#stopped !== undefined;
  }

  execProtocolRaw(message: Uint8Array, { syncToFs = true }: ProtocolOptions = {}): Promise<Uint8Array> {
    // Copied, not moved: PGlite's protocol keeps some messages (a sync, a flush) as constants.
    return this.#call<Uint8Array>({ op: "run", message, syncToFs });
  }

  /** The answer's messages as PGlite reads them: the first error thrown, notices to `onNotice`. */
  async execProtocol(message: Uint8Array, options: ProtocolOptions = {}) {
    const data = await this.execProtocolRaw(message, options);
    const results: messages.BackendMessage[] = [];
    let failure: messages.DatabaseError | undefined;
    new protocol.Parser().parse(data, (received) => {
      if (failure) return;
      if (received instanceof protocol.messages.DatabaseError) {
        if (options.throwOnError ?? true) failure = received;
      } else if (received instanceof protocol.messages.NoticeMessage) {
        options.onNotice?.(received);
      }
      results.push(received);
    });
    if (failure) throw failure;
    return { messages: results, data };
  }

  async execProtocolStream(message: Uint8Array, options: ProtocolOptions = {}) {
    return (await this.execProtocol(message, options)).messages;
  }

  async execProtocolRawStream(
    message: Uint8Array,
    { syncToFs, onRawData }: { syncToFs?: boolean; onRawData: (data: Uint8Array) => void },
  ) {
    onRawData(await this.execProtocolRaw(message, { syncToFs }));
  }

  syncToFs(): Promise<void> {
    return this.#call({ op: "sync" });
  }

  async _handleBlob(blob?: Blob) {
    if (blob) throw new Error("The embedded database's thread takes no files with a statement.");
  }

  async _getWrittenBlob() {
    return undefined;
  }

  async _cleanupBlob() {}

  async _checkReady() {
    if (this.#closing) throw new Error("PGlite is closing");
    if (this.#stopped) throw this.#stopped;
  }

  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> {
    return this.#queryLock.runExclusive(fn);
  }

  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.#transactionLock.runExclusive(fn);
  }

  runExclusive<T>(fn: () => Promise<T>): Promise<T> {
    return this._runExclusiveQuery(fn);
  }

  async listen(): Promise<never> {
    throw new Error("The embedded database has no other writers to listen to.");
  }

  async unlisten(): Promise<never> {
    throw new Error("The embedded database has no other writers to listen to.");
  }

  /** The data directory as a tarball, as PGlite's `dumpDataDir` gives it. */
  async dumpDataDir(compression?: "none" | "gzip" | "auto"): Promise<Blob> {
    await this._checkReady();
    const bytes = await this.#queryLock.runExclusive(() =>
      this.#call<Uint8Array>({ op: "dump", compression }),
    );
    return new Blob([bytes]);
  }

  async close() {
    await this._checkReady();
    await this.#transactionLock.runExclusive(() =>
      this.#queryLock.runExclusive(async () => {
        this.#closing = true;
      }),
    );
    try {
      await this.#call({ op: "close" });
    } finally {
      this.#stop(new Error("PGlite is closed"));
      await this.#worker.terminate();
      this.#closing = false;
    }
  }
}

/**
 * The embedded database in `dataDir` (in memory without one), opened on a thread of its own, with
 * PGlite's client interface (what the shop uses of it: statements, transactions, the wire
 * protocol, dumps). `loadDataDir` is a dump to start a new database from, as PGlite's option.
 */
export async function openPgliteThread(
  dataDir: string | undefined,
  startParams: string[],
  loadDataDir?: Blob,
): Promise<PGlite> {
  const thread = new PGliteThread(dataDir);
  try {
    await thread.start(startParams, loadDataDir);
  } catch (error) {
    await thread.close().catch(() => {});
    throw error;
  }
  return thread as unknown as PGlite;
}
