import { EventEmitter } from "node:events";
import pg from "pg";
import { serialize } from "pg-protocol";
import type { BackendMessage, DatabaseError } from "pg-protocol/dist/messages";
import { Parser } from "pg-protocol/dist/parser";

/**
 * The way to the embedded database's one backend: frontend messages in, the backend's answer
 * out, in the order they were sent. It is the database in this thread (tests) or in a worker
 * thread of its own (the shop), see embedded-link.ts.
 */
export interface EmbeddedLink {
  /** Runs `messages` (whole frontend messages) and resolves to every byte the backend answered. */
  run(messages: Uint8Array): Promise<Uint8Array>;
  /** The backend's transaction status after the last answer: "I" idle, "T" in one, "E" failed one. */
  readonly status: string;
  /** The statements kept on the backend, shared by every connection over this link. */
  readonly kept: KeptStatements;
}

/**
 * The statements the backend keeps, by their text: each distinct text is parsed and planned once,
 * as a PostgreSQL server keeps a connection's named statements, and every later run only binds and
 * executes it. On the embedded database planning a statement costs more than running a small one:
 * the planner looks up the size of every table and index it may use, each a file system call
 * through the WebAssembly layer. At most `max` are kept, the least recently run closed first.
 */
export class KeptStatements {
  readonly #byText = new Map<string, string>();
  #named = 0;
  constructor(readonly max = 500) {}

  /** The kept name of `text` (marked as just used), or undefined. */
  use(text: string): string | undefined {
    const name = this.#byText.get(text);
    if (name === undefined) return undefined;
    this.#byText.delete(text);
    this.#byText.set(text, name);
    return name;
  }

  /** A new name for `text`, and the name of the statement to close to make room, if any. */
  add(text: string): { name: string; closing?: string } {
    let closing: string | undefined;
    if (this.#byText.size >= this.max) {
      const [oldestText, oldest] = this.#byText.entries().next().value as [string, string];
      this.#byText.delete(oldestText);
      closing = oldest;
    }
    const name = `k${++this.#named}`;
    this.#byText.set(text, name);
    return { name, closing };
  }

  /** Forgets `text` if it is still kept under `name` (its parse failed, or its plan went stale). */
  drop(text: string, name: string): void {
    if (this.#byText.get(text) === name) this.#byText.delete(text);
  }

  get size(): number {
    return this.#byText.size;
  }
}

/** Statements that are kept: plain reads and writes, one to a text, not the transaction's words. */
const keepable = (text: string) =>
  !text.includes(";") && /^\s*(\(\s*select|select|insert|update|delete|with)\b/i.test(text);

const readyForQuery = { name: "readyForQuery", length: 5, status: "I" } as const;

/**
 * node-postgres's connection to the embedded database: the methods node-postgres's client calls
 * on its connection, writing the same frontend messages, with two differences. The messages of
 * one exchange (up to a Sync, a simple query or a Flush) go to the backend as one, and each
 * statement of a kept kind runs as a statement kept on the backend (`KeptStatements`): its Parse
 * is sent once per text, not on every run, and a simple query of one such statement runs as one.
 * Everything else node-postgres does (queueing, transactions, errors, reading values by type) is
 * its own, as against a PostgreSQL server.
 */
export class EmbeddedConnection extends EventEmitter {
  /** node-postgres's own records of the named statements it parsed on this connection. */
  parsedStatements: Record<string, string> = {};
  submittedNamedStatements: Record<string, string> = {};
  _connecting = false;
  _ending = false;
  readonly stream = { writable: true, destroy: () => this.end() };

  readonly #link: EmbeddedLink;
  readonly #parser = new Parser();
  #pending: Uint8Array[] = [];
  /** The texts node-postgres parsed under each of its statement names ("" the unnamed one). */
  readonly #texts = new Map<string, string>();
  /** The kept statements parsed in the exchanges under way, in order, to confirm or forget. */
  #parsing: { text: string; name: string }[] = [];
  /** The kept statements run in the exchange under way, to forget one whose plan went stale. */
  #running: { text: string; name: string }[] = [];
  #answers: Promise<void> = Promise.resolve();
  #emitMessage = false;

  constructor(link: EmbeddedLink) {
    super();
    this.#link = link;
    this.on("newListener", (event) => {
      if (event === "message") this.#emitMessage = true;
    });
  }

  connect(): void {
    this._connecting = true;
    this.#answers = this.#answers
      .then(async () => {
        // A client dropped in a transaction (its request failed mid-way) left the backend in it.
        if (this.#link.status !== "I") await this.#link.run(serialize.query("rollback"));
      })
      .then(
        () => {
          this.#emit(readyForQuery);
        },
        (error: unknown) => {
          this.emit("error", error);
        },
      );
  }

  // No startup, authentication or TLS: the backend is this process's own.
  requestSsl(): void {}
  startup(): void {}
  cancel(): void {}
  password(): void {}
  sendSASLInitialResponseMessage(): void {}
  sendSCRAMClientFinalMessage(): void {}
  ref(): void {}
  unref(): void {}

  query(text: string): void {
    if (!keepable(text)) {
      this.#pending.push(serialize.query(text));
      this.#send();
      return;
    }
    // One kept statement: run as node-postgres runs a query with values, text values out.
    const statement = this.#kept(text);
    this.#pending.push(
      serialize.bind({ statement }),
      serialize.describe({ type: "P", name: "" }),
      serialize.execute({}),
      serialize.sync(),
    );
    this.#send();
  }

  parse(query: { name?: string; text: string; types?: number[] }): void {
    const name = query.name ?? "";
    this.#texts.set(name, query.text);
    // A kept kind's Parse waits for its Bind, which names the kept statement instead.
    if (!keepable(query.text)) this.#pending.push(serialize.parse(query));
  }

  bind(config: Parameters<typeof serialize.bind>[0] = {}): void {
    const text = this.#texts.get(config.statement ?? "");
    const statement = text !== undefined && keepable(text) ? this.#kept(text) : config.statement;
    this.#pending.push(serialize.bind({ ...config, statement }));
  }

  describe(message: Parameters<typeof serialize.describe>[0]): void {
    this.#pending.push(serialize.describe(message));
  }

  execute(config: Parameters<typeof serialize.execute>[0]): void {
    this.#pending.push(serialize.execute(config));
  }

  close(message: Parameters<typeof serialize.close>[0]): void {
    // A kept statement stays kept, whatever node-postgres closes after a failed Bind.
    if (message.type === "S" && message.name) return;
    this.#pending.push(serialize.close(message));
  }

  sync(): void {
    this.#pending.push(serialize.sync());
    this.#send();
  }

  flush(): void {
    this.#pending.push(serialize.flush());
    this.#send();
  }

  sendCopyFromChunk(chunk: Buffer): void {
    this.#pending.push(serialize.copyData(chunk));
  }

  endCopyFrom(): void {
    this.#pending.push(serialize.copyDone());
    this.#send();
  }

  sendCopyFail(message: string): void {
    this.#pending.push(serialize.copyFail(message));
    this.#send();
  }

  end(): void {
    if (this._ending) return;
    this._ending = true;
    this.stream.writable = false;
    // Once the answers under way are read; the backend itself stays open for the next connection.
    this.#answers = this.#answers.then(() => {
      this.emit("end");
    });
  }

  /** The kept statement of `text`, adding its Parse (and a Close to make room) when it is new. */
  #kept(text: string): string {
    const found = this.#link.kept.use(text);
    if (found !== undefined) {
      this.#running.push({ text, name: found });
      return found;
    }
    const { name, closing } = this.#link.kept.add(text);
    if (closing) this.#pending.push(serialize.close({ type: "S", name: closing }));
    this.#pending.push(serialize.parse({ name, text }));
    this.#parsing.push({ text, name });
    this.#running.push({ text, name });
    return name;
  }

  /** Sends the exchange's messages as one, and reads the answer when it comes, in order. */
  #send(): void {
    if (this._ending) return;
    const messages = this.#pending.length === 1 ? this.#pending[0] : Buffer.concat(this.#pending);
    this.#pending = [];
    const parsing = this.#parsing;
    const running = this.#running;
    this.#parsing = [];
    this.#running = [];
    const answer = this.#link.run(messages as Uint8Array);
    this.#answers = this.#answers.then(() =>
      answer.then(
        (bytes) => this.#read(bytes, parsing, running),
        (error: unknown) => {
          this.stream.writable = false;
          this.emit("error", error);
          this.emit("end");
        },
      ),
    );
  }

  #read(
    bytes: Uint8Array,
    parsing: { text: string; name: string }[],
    running: { text: string; name: string }[],
  ) {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.#parser.parse(buffer, (message) => {
      if (message.name === "parseComplete" && parsing.length > 0) {
        // Answers come in the order of the Parses: the first kept one waiting is now kept.
        parsing.shift();
      } else if (message.name === "error") {
        // A statement whose tables changed shape since it was planned is planned again next time.
        if ((message as DatabaseError).code === "0A000")
          for (const { text, name } of running) this.#link.kept.drop(text, name);
      } else if (message.name === "readyForQuery") {
        // A kept statement whose Parse was skipped after an error was never made: forgotten.
        for (const { text, name } of parsing.splice(0)) this.#link.kept.drop(text, name);
      }
      this.#emit(message);
    });
  }

  #emit(message: BackendMessage | typeof readyForQuery): void {
    if (this.#emitMessage) this.emit("message", message);
    this.emit(message.name === "error" ? "errorMessage" : message.name, message);
  }
}

/**
 * node-postgres's pool over the embedded database's one backend: one connection at a time, as the
 * backend serves one session (a transaction holds it; other queries wait their turn). The
 * connection is kept while the pool lives.
 */
export function embeddedPool(link: EmbeddedLink): pg.Pool {
  class EmbeddedClient extends pg.Client {
    constructor(config: pg.ClientConfig) {
      super({ ...config, connection: new EmbeddedConnection(link) } as pg.ClientConfig);
    }
  }
  const pool = new pg.Pool({
    Client: EmbeddedClient,
    max: 1,
    idleTimeoutMillis: 0,
  } as unknown as pg.PoolConfig);
  pool.on("error", () => {});
  return pool;
}
