import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import type { FilterValues } from "../../../db/filter-values.js";
import { executeWithKeptFilter, type Preparable } from "../../../db/named-statement.js";
import { orders, payments, salesDocuments } from "../../../db/schema.js";

type Revenue = { currency: string; cents: number }[];

/**
 * What a client company has paid, less what was given back, per currency (minor units): the sum of
 * the ledger's entries of its orders `visible` keeps (every one when it gives no rule), where a
 * refund is a negative payment, and of its invoices paid without an order (docs/decisions/029),
 * which a member who sees only some orders does not see. Read through the orders' company index and
 * the payments' order index, and the invoices' company index, in one statement kept for the shape
 * of the rule.
 */
export async function revenueOfCompany(
  db: Database,
  companyId: string,
  visible: (bound: FilterValues) => SQL | undefined = () => undefined,
): Promise<Revenue> {
  const cents = sql<number>`coalesce(sum(${payments.amountCents}), 0)`.mapWith(Number);
  const entries = await executeWithKeptFilter(db, "company_revenue", (bound): Preparable<Revenue> => {
    const company = bound.value("company", companyId);
    const rule = visible(bound);
    const ofOrders = db
      .select({ currency: orders.currency, cents })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(eq(orders.companyId, company), rule))
      .groupBy(orders.currency);
    if (rule) return ofOrders;
    return ofOrders.unionAll(
      db
        .select({ currency: salesDocuments.currency, cents })
        .from(payments)
        .innerJoin(salesDocuments, eq(salesDocuments.id, payments.salesDocumentId))
        .where(and(eq(salesDocuments.companyId, company), isNull(payments.orderId)))
        .groupBy(salesDocuments.currency),
    );
  });
  const totals = new Map<string, number>();
  for (const entry of entries) {
    const currency = entry.currency.toLowerCase();
    totals.set(currency, (totals.get(currency) ?? 0) + Number(entry.cents));
  }
  return [...totals]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, total]) => ({ currency, cents: total }));
}
