import type { MatchCount, PageQuery } from "@agency/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { newestFirstPage, type Page } from "../../../db/keyset.js";
import { countMatches } from "../../../db/list-search.js";
import { executeNamedQuery } from "../../../db/named-statement.js";
import { companies, orders } from "../../../db/schema.js";
import type { OrderRecord } from "./orders.js";

export type OrderWithCompany = { order: OrderRecord; company: { id: string; name: string } | null };

/**
 * One page of the orders `filter` keeps, newest first, each with its client company's name, read
 * by the company's primary key in the page's own statement (a team member's own order has none).
 * A subquery, not a join: joined, the planner weighs join orders and methods for the orders'
 * million rows and sizes a cache (Memoize) for them, which took longer than reading the page
 * (docs/decisions/034). With `named`, the statement is named by its text and planned once per
 * connection: for the lists without a search or filter, whose best plan does not depend on the
 * values (a search's does: it is planned for its words each time).
 */
export function orderPageNewestFirst(
  db: Database,
  query: PageQuery,
  filter: SQL | undefined,
  named = false,
): Promise<Page<OrderWithCompany>> {
  return newestFirstPage(
    orders,
    query,
    async (plan) => {
      const select = db
        .select({
          order: orders,
          companyName: sql<
            string | null
          >`(select ${companies.name} from ${companies} where ${companies.id} = ${orders.companyId})`,
          cursor: plan.cursor,
        })
        .from(orders)
        .where(plan.where)
        .orderBy(...plan.orderBy)
        .limit(plan.limit);
      const rows = named ? await executeNamedQuery(select) : await select;
      return rows.map(({ order, companyName, cursor }) => ({
        row: {
          order,
          company:
            order.companyId && companyName !== null ? { id: order.companyId, name: companyName } : null,
        },
        cursor,
      }));
    },
    filter,
  );
}

/** How many orders `filter` keeps, counted up to 1,000. */
export function ordersMatching(db: Database, filter: SQL): Promise<MatchCount> {
  return countMatches(db, orders, filter);
}
