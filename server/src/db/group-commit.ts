/**
 * Group commit in the application: writes that arrive while earlier ones are being committed wait
 * and go together, as one statement in one transaction, so many requests share one commit (one
 * WAL flush) instead of paying for one each. A write arriving when a slot is free goes on the next
 * turn of the event loop, so an idle shop adds no noticeable delay. Every caller is answered only
 * after the commit that holds its write.
 *
 * If a batch fails (one bad row fails its whole statement), each of its writes is tried again on
 * its own, so one write's error reaches only its own caller.
 */
export type GroupCommitOptions<I, O> = {
  /** Writes the whole batch in one statement; answers one result per item, in the same order. */
  writeBatch(items: I[]): Promise<O[]>;
  /** Writes one item alone (after its batch failed). */
  writeOne(item: I): Promise<O>;
  /** Items with the same key never share a batch (the later one waits for the next batch). */
  key(item: I): string;
  /** Batches being written at the same time (each holds a database connection meanwhile). */
  concurrency: number;
  /** Items in one batch at most. */
  maxBatch: number;
};

type Waiting<I, O> = { item: I; resolve(result: O): void; reject(error: unknown): void };

export type GroupCommit<I, O> = { write(item: I): Promise<O> };

export function createGroupCommit<I, O>(options: GroupCommitOptions<I, O>): GroupCommit<I, O> {
  const waiting: Waiting<I, O>[] = [];
  let active = 0;
  let scheduled = false;

  /**
   * Batches start on the next turn of the event loop: the writes of every request read in the
   * meantime join them. (On the embedded database a statement runs without giving the event
   * loop a turn, so without this wait no write would ever find another one waiting.)
   */
  function schedule() {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      next();
    });
  }

  async function writeAlone(entry: Waiting<I, O>) {
    try {
      entry.resolve(await options.writeOne(entry.item));
    } catch (error) {
      entry.reject(error);
    }
  }

  async function flush(batch: Waiting<I, O>[]) {
    try {
      if (batch.length === 1) {
        await writeAlone(batch[0] as Waiting<I, O>);
        return;
      }
      let results: O[];
      try {
        results = await options.writeBatch(batch.map((entry) => entry.item));
        if (results.length !== batch.length) throw new Error("A batch answered the wrong number of results.");
      } catch {
        for (const entry of batch) await writeAlone(entry);
        return;
      }
      batch.forEach((entry, index) => {
        entry.resolve(results[index] as O);
      });
    } finally {
      active -= 1;
      schedule();
    }
  }

  /** Starts batches while slots are free: each takes the waiting items, one per key. */
  function next() {
    while (active < options.concurrency && waiting.length > 0) {
      const batch: Waiting<I, O>[] = [];
      const keys = new Set<string>();
      for (let index = 0; index < waiting.length && batch.length < options.maxBatch; ) {
        const entry = waiting[index] as Waiting<I, O>;
        const key = options.key(entry.item);
        if (keys.has(key)) {
          index += 1;
          continue;
        }
        keys.add(key);
        batch.push(entry);
        waiting.splice(index, 1);
      }
      active += 1;
      void flush(batch);
    }
  }

  return {
    write(item) {
      return new Promise<O>((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        schedule();
      });
    },
  };
}
