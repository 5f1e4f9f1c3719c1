import type { PGlite } from "@electric-sql/pglite";

/** The transaction status the answer's last ReadyForQuery gives, or `previous` when it has none. */
export function statusAfter(bytes: Uint8Array, previous: string): string {
  const at = bytes.length - 6;
  return at >= 0 && bytes[at] === 0x5a ? String.fromCharCode(bytes[at + 5] as number) : previous;
}

/**
 * Runs frontend messages on `pglite` and answers every byte the backend wrote, after writing
 * what they changed to its file system once no transaction is open (as PGlite's own queries do).
 */
export async function runOn(pglite: PGlite, messages: Uint8Array): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  await pglite.execProtocolRawStream(messages, {
    syncToFs: false,
    // Each piece is a view of the database's memory, valid only during the call: copied.
    onRawData: (data) => {
      chunks.push(data.slice());
      length += data.length;
    },
  });
  const answer = chunks.length === 1 ? (chunks[0] as Uint8Array) : new Uint8Array(length);
  if (chunks.length !== 1) {
    let at = 0;
    for (const chunk of chunks) {
      answer.set(chunk, at);
      at += chunk.length;
    }
  }
  if (statusAfter(answer, "I") === "I") await pglite.syncToFs();
  return answer;
}

/** What the main thread asks of the database's worker thread (embedded-worker.ts). */
export type WorkerRequest =
  | { id: number; run: Uint8Array }
  | { id: number; dump: true }
  | { id: number; close: true };

export type WorkerAnswer =
  | { ready: true }
  | { failed: { message: string; code?: string } }
  | { id: number; bytes: Uint8Array }
  | { id: number; error: { message: string; code?: string } };
