import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { payments, receipts, salesDocuments, user } from "../../../db/schema.js";

// The invoices billing takes money for are the sales module's rows: read here, never written
// (the sales module marks them paid on `payment.recorded`).

export type InvoiceRow = typeof salesDocuments.$inferSelect;

/** The invoice revision, locked so two recordings of one invoice settle one after the other. */
export async function invoiceRevisionLocked(tx: Database, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await tx.select().from(salesDocuments).where(eq(salesDocuments.id, id)).for("update");
  return row;
}

/** What the series' payments brought in, less refunds, in cents. */
export async function settledCentsOfSeries(db: Database, seriesId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int` })
    .from(payments)
    .innerJoin(salesDocuments, eq(salesDocuments.id, payments.salesDocumentId))
    .where(eq(salesDocuments.seriesId, seriesId));
  return row?.cents ?? 0;
}

/** The account that pays a document: the one it belongs to, or the one with the address it went to. */
export async function payerOfDocument(
  db: Database,
  document: Pick<InvoiceRow, "userId" | "email">,
): Promise<{ id: string; email: string; name: string } | undefined> {
  const [row] = await db
    .select({ id: user.id, email: user.email, name: user.name })
    .from(user)
    .where(
      document.userId
        ? eq(user.id, document.userId)
        : eq(sql`lower(${user.email})`, document.email.toLowerCase()),
    );
  return row;
}

/** A recorded payment (not a refund) of the series, locked for the rest of `tx`. */
export async function recordedPaymentOfSeriesLocked(tx: Database, seriesId: string, paymentId: string) {
  const [row] = await tx
    .select({ payment: payments })
    .from(payments)
    .innerJoin(salesDocuments, eq(salesDocuments.id, payments.salesDocumentId))
    .where(
      and(
        eq(payments.id, paymentId),
        eq(salesDocuments.seriesId, seriesId),
        eq(payments.provider, "recorded"),
        isNull(payments.refundOf),
        // Money that opened an order is refunded from the order, with its credit note.
        isNull(payments.orderId),
      ),
    )
    .for("update", { of: payments });
  return row?.payment;
}

/** The series' payments and refunds with their receipts, oldest first. */
export function paymentsOfSeries(db: Database, seriesId: string) {
  return db
    .select({
      payment: payments,
      receiptId: receipts.id,
      receiptNumber: receipts.number,
      currency: salesDocuments.currency,
      recordedBy: sql<
        string | null
      >`(select ${user.name} from ${user} where ${user.id} = ${payments.recordedBy})`,
    })
    .from(payments)
    .innerJoin(salesDocuments, eq(salesDocuments.id, payments.salesDocumentId))
    .leftJoin(receipts, eq(receipts.paymentId, payments.id))
    .where(eq(salesDocuments.seriesId, seriesId))
    .orderBy(asc(payments.paymentTime), asc(payments.createdAt));
}

/** The revision, unlocked: to check who may pay it before its payment is booked. */
export async function invoiceRevision(db: Database, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(salesDocuments).where(eq(salesDocuments.id, id));
  return row;
}
