import { DAY_MS } from "../../clock.js";
import type { Database } from "../../db/client.js";
import { emitDomainEvent } from "../../events.js";
import { enqueue } from "../../jobs/queue.js";
import type { SalesRow } from "./queries/documents.js";
import { hasOverdueEntry, recordSalesEvent } from "./queries/history.js";

/** A revision as its events name it: no link, and so no token. */
function factsOf(row: SalesRow) {
  return {
    id: row.id,
    number: row.number ?? "",
    revision: row.revision,
    email: row.email,
    userId: row.userId,
    totalCents: row.totalCents,
    currency: row.currency,
  };
}

/** A revision was sent (`sent` as written): announced in the send's transaction. */
export async function announceSent(tx: Database, sent: SalesRow, at: Date): Promise<void> {
  if (sent.kind === "quote") await emitDomainEvent(tx, "quote.sent", { quote: factsOf(sent), sentAt: at });
  else await emitDomainEvent(tx, "invoice.sent", { invoice: factsOf(sent), sentAt: at });
}

/**
 * The moment an invoice becomes overdue: the start (UTC) of the day after its due day, as
 * `effectiveState` reads it.
 */
function overdueTime(dueDate: string): Date {
  return new Date(new Date(`${dueDate}T00:00:00Z`).getTime() + DAY_MS);
}

/**
 * Queues the invoice's overdue step with its reminders: the reminders' job, run when the invoice
 * passes its due day, which announces it then if it is still unpaid (`announceOverdue`).
 */
export async function queueOverdueStep(tx: Database, sent: SalesRow, label: string): Promise<void> {
  if (sent.kind !== "invoice" || !sent.dueDate) return;
  await enqueue(
    tx,
    "sales.invoice-reminder",
    { documentId: sent.id, label, email: sent.email, which: "overdue" },
    { key: `sales.invoice-reminder:${sent.id}:overdue`, runAt: overdueTime(sent.dueDate) },
  );
}

/**
 * An unpaid invoice past its due day is announced overdue, once: its history's "overdue" entry
 * says it was. Call it with the invoice's row locked, so two jobs that find it overdue at the same
 * time take turns and the second finds the entry.
 */
export async function announceOverdue(tx: Database, row: SalesRow, at: Date): Promise<void> {
  if (row.kind !== "invoice" || !row.dueDate) return;
  if (await hasOverdueEntry(tx, row.id)) return;
  await recordSalesEvent(tx, { documentId: row.id, kind: "overdue", at });
  await emitDomainEvent(tx, "invoice.overdue", { invoice: factsOf(row), dueDate: row.dueDate, at });
}
