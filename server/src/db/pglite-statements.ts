import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from "@electric-sql/pglite";
import { readResults } from "./pglite-results.js";

/**
 * Resolves in the event loop's next turn, after the sockets that are ready have been read. A
 * statement outside a transaction waits for it once it holds the database: the requests that
 * arrived meanwhile are read and queue behind it, so the embedded database takes requests in the
 * order they came. Run at once, each statement ran inside the socket callback that read its
 * request, and the order was the system's order of ready sockets: with four callers two of them
 * were answered twice as often as the other two (docs/benchmarks.md).
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Frontend messages as one buffer, sent at once. */
function joined(...messages: Uint8Array[]) {
  const all = new Uint8Array(messages.reduce((sum, message) => sum + message.length, 0));
  let at = 0;
  for (const message of messages) {
    all.set(message, at);
    at += message.length;
  }
  return all;
}

/**
 * The embedded database with its statements kept, as a PostgreSQL server keeps a connection's
 * named statements for node-postgres: each distinct statement text is parsed and planned once
 * (PostgreSQL's plan cache then replans only when a table it reads changes, or keeps custom plans
 * where its parameters matter), and every later run only binds and executes it. On the embedded
 * database planning a statement costs more than running a small one: the planner looks up the
 * size of every table and index the statement may use, each a file system call through the
 * WebAssembly layer; an Overview call's three small reads planned for 4 ms and ran in 1. A run's
 * answer is read from the backend's bytes (`readResults`), not by PGlite's reader.
 *
 * Only plain reads and writes are kept (SELECT, INSERT, UPDATE, DELETE, WITH, and a SELECT in
 * parentheses, as a UNION's first part is written); anything else (migrations, SET, COPY) runs as
 * PGlite runs it. At most `maxKept` texts are kept, the least recently run closed first. Everything
 * else of the client is PGlite's own.
 */
export function keepingStatements(client: PGlite, maxKept = 500): PGlite {
  const kept = new Map<string, { name: string; types: number[] }>();
  let named = 0;

  /** The backend messages of `messages` sent as one, as PGlite's own queries send theirs. */
  const send = (...messages: Uint8Array[]) =>
    client.execProtocolStream(joined(...messages), { syncToFs: false });

  /** Its name and parameter types, preparing it first when it is new (least used one closed). */
  async function prepared(text: string, options: QueryOptions | undefined) {
    const found = kept.get(text);
    if (found) {
      kept.delete(text);
      kept.set(text, found);
      return found;
    }
    const name = `k${++named}`;
    const { serialize } = protocol;
    const closing: Uint8Array[] = [];
    if (kept.size >= maxKept) {
      const [oldestText, oldest] = kept.entries().next().value as [string, { name: string }];
      kept.delete(oldestText);
      closing.push(serialize.close({ type: "S", name: oldest.name }));
    }
    const described = await send(
      ...closing,
      serialize.parse({ name, text, types: options?.paramTypes }),
      serialize.describe({ type: "S", name }),
      serialize.sync(),
    );
    const statement = { name, types: parse.parseDescribeStatementResults(described) };
    kept.set(text, statement);
    return statement;
  }

  /**
   * The parsers and options to read a result with. PGlite merges a query's own parsers into its
   * 318 default ones by copying them all for every result, which took 170 µs on a one-row result
   * (as long as running the statement); a query's few parsers are laid over the defaults instead.
   */
  function parsingOf(options: QueryOptions | undefined): [PGlite["parsers"], QueryOptions | undefined] {
    if (!options?.parsers) return [client.parsers, options];
    const { parsers, ...rest } = options;
    return [Object.assign(Object.create(client.parsers), parsers), rest];
  }

  async function run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ) {
    const { serialize } = protocol;
    try {
      const statement = await prepared(text, options);
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const type = statement.types[i] ?? 0;
        const toText = options?.serializers?.[type] ?? client.serializers[type];
        return toText ? toText(param) : String(param);
      });
      const chunks: Buffer[] = [];
      await client.execProtocolRawStream(
        joined(
          serialize.bind({ statement: statement.name, values }),
          serialize.describe({ type: "P" }),
          serialize.execute({}),
          serialize.sync(),
        ),
        // Each piece is a view of the database's memory, valid only during the call: copied.
        { syncToFs: false, onRawData: (data) => chunks.push(Buffer.from(data)) },
      );
      const bytes = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
      const results = readResults<T>(bytes, ...parsingOf(options));
      if (!inTransaction) await client.syncToFs();
      return results;
    } catch (error) {
      // A statement whose tables changed shape since it was planned is planned again next time.
      if ((error as { code?: string }).code === "0A000") kept.delete(text);
      Object.assign(error as object, { query: text, params, queryOptions: options });
      throw error;
    }
  }

  const keepable = (text: string, options: QueryOptions | undefined) =>
    !options?.blob && /^\s*(\(\s*select|select|insert|update|delete|with)\b/i.test(text);

  /** `query` of the client (`inTransaction`: of a transaction), running kept statements. */
  function query(inTransaction: boolean, fallback: Transaction["query"]): Transaction["query"] {
    return <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
      if (!keepable(text, options)) return fallback<T>(text, params, options);
      // The same locks PGlite's own query takes: inside a transaction it holds the other already.
      if (inTransaction) return client._runExclusiveQuery(() => run<T>(text, params, options, true));
      const inTurn = () =>
        client._runExclusiveQuery(() => nextTurn().then(() => run<T>(text, params, options, false)));
      return client._checkReady().then(() => client._runExclusiveTransaction(inTurn));
    };
  }

  const outside = query(false, client.query.bind(client));
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "query") return outside;
      if (property === "transaction") {
        return <T>(callback: (tx: Transaction) => Promise<T>) =>
          target.transaction((tx) => {
            const inside = query(true, tx.query.bind(tx));
            return callback(new Proxy(tx, { get: (t, p) => (p === "query" ? inside : Reflect.get(t, p)) }));
          });
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
