import { inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "./client.js";
import { preparedOnce } from "./named-statement.js";
import { rowCounts } from "./schema.js";

/** The counts the triggers of migrations 0010, 0031, 0038, 0043, 0044, 0062, 0063, 0070 and 0071 keep (see `count_orders` and the others there). */
export type RowCountName =
  | "orders"
  | "orders_paid"
  | "users"
  | "reviews"
  | "reviews_public"
  | "leads_contact"
  | "leads_query"
  | "leads_newsletter"
  /** The orders assigned to a member, and the paid ones among them (migration 0031). */
  | `assigned:${string}`
  | `assigned_paid:${string}`
  /** A member's open orders (submitted, in progress, delivered), and those with a due date (migration 0062). */
  | `open:${string}`
  | `open_due:${string}`
  /** A member's open orders of a plan, `open_plan:<member>:<plan>` (migration 0063). */
  | `open_plan:${string}:${string}`
  /**
   * The subscriptions in each status, and twelve times the monthly recurring revenue in cents of
   * those that renew (migration 0038).
   */
  | `subscriptions:${"active" | "past_due" | "canceled" | "ended"}`
  | "subscriptions_mrr_x12"
  /** Every subscription row ever inserted, updated or deleted: it only grows (migration 0043). */
  | "subscriptions_writes"
  /**
   * Per calendar month (UTC, "2026-03"), migration 0044: customers who signed up; twelve times the
   * monthly value in cents of the subscriptions anchored in it that still renew, and of those that
   * stopped in it, anchored the month before or earlier; subscriptions cancelled in it.
   */
  | `customers:${string}`
  | `churn_started_x12:${string}`
  | `churn_stopped_x12:${string}:${"previous" | "earlier"}`
  | `churn_cancelled:${string}`
  /** Every change to who is on the team or what they may do (migration 0070): it only grows. */
  | "team_changes"
  /** Every change to a client company's name, a company renamed or deleted (migration 0071): it only grows. */
  | "company_names";

/** SQL: the count `name` as a number, for a statement that reads it beside its own rows. */
export function rowCountOf(name: RowCountName): SQL<number> {
  return sql<number>`(select coalesce(sum(${rowCounts.value}), 0)::float8 from ${rowCounts} where ${rowCounts.name} = ${sql.raw(`'${name}'`)})`;
}

/** Up to this many names, each number of names has its statement; more are padded to a power of two. */
const exactNames = 4;

/**
 * Exact counts, read from a few rows however large the tables are. Each name is a parameter of its
 * own, in a statement kept for the number of names (past `exactNames`, the next power of two, the
 * last name repeated): with the names as one array, PostgreSQL estimated a kept plan for any array
 * above one planned for the names given, and planned the statement again at every run (0.27 ms, on
 * every page of All Orders).
 */
export async function readRowCounts<Name extends RowCountName>(
  db: Database,
  names: readonly Name[],
): Promise<Record<Name, number>> {
  const counts = Object.fromEntries(names.map((name) => [name, 0])) as Record<Name, number>;
  const last = names.at(-1);
  if (last === undefined) return counts;
  const size = names.length <= exactNames ? names.length : 2 ** Math.ceil(Math.log2(names.length));
  const given = Array.from({ length: size }, (_, index) => names[index] ?? last);
  const statement = `row_counts_of_${size}_names`;
  const rows = await preparedOnce(db, statement, () =>
    db
      .select({ name: rowCounts.name, value: sql<number>`sum(${rowCounts.value})`.mapWith(Number) })
      .from(rowCounts)
      .where(
        inArray(
          rowCounts.name,
          given.map((_, index) => sql.placeholder(`name${index}`)),
        ),
      )
      .groupBy(rowCounts.name)
      .prepare(statement),
  ).execute(Object.fromEntries(given.map((name, index) => [`name${index}`, name])));
  for (const row of rows) counts[row.name as Name] = row.value;
  return counts;
}
