import type { FastifyBaseLogger } from "fastify";
import { type Database, notificationsOf } from "../../db/client.js";
import { notifyChannel } from "./queries/lists.js";

/** The public, rarely written data every visitor reads (site: the identity and texts of the pages). */
export type CatalogPart = "services" | "plans" | "reviews" | "blogs" | "site";
const parts: CatalogPart[] = ["services", "plans", "reviews", "blogs", "site"];

/** The PostgreSQL channel that tells the other instances which part changed (empty: all of them). */
const catalogChannel = "agency_catalog";

/** `settled` holds the value once the read has finished, for callers that can use it at once. */
type Entry = { generation: number; value: Promise<unknown>; settled?: { value: unknown } };

/**
 * Reads kept in memory until a write to their part. Each part has a generation that every write
 * moves on; a read that started before a write may finish after it, and is then not kept.
 */
class CatalogCache {
  private readonly generations = new Map<CatalogPart, number>(parts.map((part) => [part, 0]));
  private readonly entries = new Map<string, Entry>();
  /** False while other instances' writes cannot be heard: every read then goes to the database. */
  enabled: boolean;

  constructor(enabled: boolean) {
    this.enabled = enabled;
  }

  read<T>(part: CatalogPart, key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const id = `${part}:${key}`;
    const generation = this.generations.get(part) ?? 0;
    const entry = this.entries.get(id);
    if (entry && entry.generation === generation) return entry.value as Promise<T>;
    const value = load();
    const fresh: Entry = { generation, value };
    this.entries.set(id, fresh);
    value.then(
      (settled) => {
        fresh.settled = { value: settled };
      },
      () => {
        if (this.entries.get(id) === fresh) this.entries.delete(id);
      },
    );
    return value;
  }

  /** The kept value of a finished read that no write has made stale, if there is one. */
  ready(part: CatalogPart, key: string): { value: unknown } | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(`${part}:${key}`);
    return entry && entry.generation === this.generations.get(part) ? entry.settled : undefined;
  }

  invalidate(part?: CatalogPart) {
    this.epoch += 1;
    for (const name of part ? [part] : parts) {
      this.generations.set(name, (this.generations.get(name) ?? 0) + 1);
      for (const id of this.entries.keys()) if (id.startsWith(`${name}:`)) this.entries.delete(id);
    }
  }

  /** Moves on with every write to any part. */
  epoch = 0;
}

const caches = new WeakMap<object, CatalogCache>();

function cacheOf(db: Database): CatalogCache | undefined {
  const existing = caches.get(db);
  if (existing) return existing;
  const notifications = notificationsOf(db);
  // A transaction, or a database whose other writers cannot be heard yet, is read directly.
  if (!notifications) return undefined;
  const cache = new CatalogCache(!notifications.shared);
  caches.set(db, cache);
  return cache;
}

/** A catalog read, answered from memory while nothing was written to its part. */
export function cachedRead<T>(
  db: Database,
  part: CatalogPart,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  return cacheOf(db)?.read(part, key, load) ?? load();
}

/**
 * The same read as `cachedRead`, answered synchronously when its value is in memory and fresh:
 * a request served from memory then costs no promise and no turn of the event loop.
 */
export function cachedReadNow<T>(
  db: Database,
  part: CatalogPart,
  key: string,
  load: () => Promise<T>,
): T | Promise<T> {
  const kept = cacheOf(db)?.ready(part, key);
  return kept ? (kept.value as T) : cachedRead(db, part, key, load);
}

/**
 * The same read for a caller inside a transaction (`reader`): the kept value when it is settled
 * and fresh, else a read through the transaction, not kept. It never waits for a read in flight
 * on the database itself, which on the embedded database would wait for this transaction to end.
 */
export function cachedReadIn<T>(
  db: Database,
  reader: Database,
  part: CatalogPart,
  key: string,
  load: (reader: Database) => Promise<T>,
): Promise<T> {
  if (reader === db) return cachedRead(db, part, key, () => load(db));
  const kept = cacheOf(db)?.ready(part, key);
  return kept ? Promise.resolve(kept.value as T) : load(reader);
}

/**
 * A number that changes whenever any part is written, for caches of what is made from the catalog
 * (rendered pages). Undefined while the cache itself is not used: such copies cannot be trusted then.
 */
export function catalogGeneration(db: Database): number | undefined {
  const cache = cacheOf(db);
  return cache?.enabled ? cache.epoch : undefined;
}

/**
 * Call after a write to a part (no part: any of them) commits, with the database, not the
 * transaction: this instance forgets the part at once, and on PostgreSQL the others hear it
 * through NOTIFY. After editing these tables by hand, `NOTIFY agency_catalog` (or a restart)
 * does the same.
 */
export async function catalogChanged(db: Database, part?: CatalogPart): Promise<void> {
  cacheOf(db)?.invalidate(part);
  if (notificationsOf(db)?.shared) await notifyChannel(db, catalogChannel, part ?? "");
}

/**
 * On PostgreSQL, listens for the other instances' writes; the cache is used only while listening
 * (after a lost connection it starts empty again). Resolves to the function that stops.
 */
export async function startCatalogSync(db: Database, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  const notifications = notificationsOf(db);
  const cache = cacheOf(db);
  if (!notifications?.shared || !cache) return async () => {};
  let stop: (() => Promise<void>) | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = 500;

  const onMessage = (payload: string) =>
    cache.invalidate(parts.includes(payload as CatalogPart) ? (payload as CatalogPart) : undefined);
  const onLost = () => {
    cache.enabled = false;
    cache.invalidate();
    stop = undefined;
    if (!closed) {
      log.warn("lost the catalog change notifications; reading the catalog from the database until back");
      schedule();
    }
  };
  const connect = async () => {
    try {
      stop = await notifications.listen(catalogChannel, onMessage, onLost);
      // Anything written while nobody listened is unknown: start from an empty cache.
      cache.invalidate();
      cache.enabled = true;
      delay = 500;
    } catch (error) {
      log.warn({ err: error }, "cannot listen for catalog changes yet; retrying");
      schedule();
    }
  };
  const schedule = () => {
    if (closed) return;
    retry = setTimeout(() => void connect(), delay);
    retry.unref();
    delay = Math.min(delay * 2, 30_000);
  };

  await connect();
  return async () => {
    closed = true;
    clearTimeout(retry);
    cache.enabled = false;
    await stop?.();
  };
}
