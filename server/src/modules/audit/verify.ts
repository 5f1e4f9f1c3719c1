import type { AuditVerification } from "@agency/contract";
import type { Database } from "../../db/client.js";
import { GENESIS_HASH, hashOf } from "./chain.js";
import { auditHeadRow, auditRowsAfter, firstRowBeyondHead } from "./queries.js";

/** Rows read per query: the table is walked a batch at a time, never loaded whole. */
const BATCH = 500;

function broken(checked: number, firstBadRow: number, reason: string): AuditVerification {
  return { ok: false, checked, firstBadRow, reason };
}

/**
 * Walks the chain in id order from row 1 to the head: each row must follow the one before (no
 * gap), hash to what it says (not changed), and chain from the previous row's hash (not replaced
 * or moved); the head must name the last row and its hash (none removed from the end). Rows
 * appended while it runs are beyond the head it read first, and are left for the next check.
 */
export async function verifyAuditChain(db: Database, batchSize = BATCH): Promise<AuditVerification> {
  const head = await auditHeadRow(db);
  if (!head) return broken(0, 1, "The audit log's head row is missing, so its end cannot be checked.");

  let checked = 0;
  let previous = { id: 0, hash: GENESIS_HASH };
  for (;;) {
    const rows = await auditRowsAfter(db, previous.id, head.lastId, batchSize);
    for (const row of rows) {
      const expected = previous.id + 1;
      if (row.id !== expected) {
        const where =
          previous.id === 0 ? `the log starts at row ${row.id}` : `row ${row.id} follows row ${previous.id}`;
        return broken(checked, expected, `Audit row ${expected} is missing: ${where}.`);
      }
      if (hashOf(row) !== row.hash) {
        return broken(
          checked,
          row.id,
          `Audit row ${row.id} was changed: its hash does not match its contents.`,
        );
      }
      if (row.prevHash !== previous.hash) {
        const before = previous.id === 0 ? "the start of the log" : `row ${previous.id}`;
        return broken(
          checked,
          row.id,
          `Audit row ${row.id} was replaced or moved: it does not chain from ${before}.`,
        );
      }
      checked += 1;
      previous = { id: row.id, hash: row.hash };
    }
    if (rows.length < batchSize) break;
  }

  if (previous.id < head.lastId) {
    const missing = previous.id + 1;
    return broken(
      checked,
      missing,
      `Audit row ${missing} is missing: the log ends at row ${previous.id}, but ${head.lastId} rows were written.`,
    );
  }
  if (previous.hash !== head.lastHash) {
    return broken(
      checked,
      previous.id,
      `Audit row ${previous.id} was changed: it is not the last entry as it was written.`,
    );
  }
  const stray = await firstRowBeyondHead(db);
  if (stray?.first !== null && stray?.first !== undefined) {
    const id = Number(stray.first);
    return broken(
      checked,
      id,
      `Audit row ${id} was added by hand: the log's last entry written is row ${stray.head}.`,
    );
  }
  return { ok: true, checked };
}

/** The result as the command line and the admin page say it. */
export function describeVerification(result: AuditVerification): string {
  return result.ok
    ? `Audit log intact: ${result.checked} ${result.checked === 1 ? "entry" : "entries"} checked.`
    : `${result.reason} (${result.checked} ${result.checked === 1 ? "entry" : "entries"} before it check out.)`;
}
