import type { MatchCount, PageQuery } from "@agency/contract";
import type { SQL } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { newestFirstPage, type Page, wholeRows } from "../../../db/keyset.js";
import { countMatches } from "../../../db/list-search.js";
import { orders } from "../../../db/schema.js";
import type { OrderRecord } from "./orders.js";

/** One page of the orders `filter` keeps, newest first. */
export function orderPageNewestFirst(
  db: Database,
  query: PageQuery,
  filter: SQL | undefined,
): Promise<Page<OrderRecord>> {
  return newestFirstPage(orders, query, wholeRows(db, orders), filter);
}

/** How many orders `filter` keeps, counted up to 1,000. */
export function ordersMatching(db: Database, filter: SQL): Promise<MatchCount> {
  return countMatches(db, orders, filter);
}
