import { and, asc, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { orders, receipts } from "../../db/schema.js";

const batchSize = 500;

/** What the books need of one receipt or credit note: copied when it was issued, never changed since. */
const accountingColumns = {
  id: receipts.id,
  number: receipts.number,
  kind: receipts.kind,
  issuedAt: receipts.issuedAt,
  orderNumber: receipts.orderNumber,
  customerName: receipts.customerName,
  customerEmail: receipts.customerEmail,
  buyer: receipts.buyer,
  service: receipts.service,
  serviceDuration: receipts.serviceDuration,
  lines: receipts.lines,
  promoCode: receipts.promoCode,
  amountCents: receipts.amountCents,
  taxCents: receipts.taxCents,
  taxRateBasisPoints: receipts.taxRateBasisPoints,
  currency: receipts.currency,
  provider: receipts.provider,
  transactionId: receipts.transactionId,
  creditsNumber: receipts.creditsNumber,
  refundReason: receipts.refundReason,
  /** Where the row stands, to the microsecond the database keeps (a Date keeps milliseconds). */
  position: sql<string>`to_char(${receipts.issuedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
};

export type AccountingRow = Awaited<ReturnType<typeof accountingBatch>>[number];

type Position = { position: string; id: string };

function accountingBatch(
  db: Database,
  range: { from: Date; to: Date; visibleOrders: SQL | undefined },
  after: Position | null,
) {
  const { from, to, visibleOrders } = range;
  // A member who sees only some orders takes only their receipts and credit notes.
  const seen = visibleOrders
    ? inArray(receipts.orderId, db.select({ id: orders.id }).from(orders).where(visibleOrders))
    : undefined;
  const start: SQL | undefined = after
    ? sql`(${receipts.issuedAt}, ${receipts.id}) > (${after.position}::timestamptz, ${after.id}::uuid)`
    : undefined;
  return db
    .select(accountingColumns)
    .from(receipts)
    .where(and(gte(receipts.issuedAt, from), lt(receipts.issuedAt, to), seen, start))
    .orderBy(asc(receipts.issuedAt), asc(receipts.id))
    .limit(batchSize);
}

/**
 * Every receipt and credit note issued in [from, to), of any payment (card, invoice, transfer),
 * oldest first, a batch at a time: each batch starts after the last row of the one before
 * (keyset), so a month of any size is read in pages of one query each.
 */
export async function* receiptsIssuedBetweenInBatches(
  db: Database,
  range: { from: Date; to: Date; visibleOrders: SQL | undefined },
): AsyncGenerator<AccountingRow[]> {
  let after: Position | null = null;
  for (;;) {
    const rows = await accountingBatch(db, range, after);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { position: last.position, id: last.id };
  }
}
