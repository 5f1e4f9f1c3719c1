import type { AdminOrderList, AdminOrdersQuery, MatchCount, OrdersExportQuery } from "@agency/contract";
import { and, eq, isNull, type SQL } from "drizzle-orm";
import { seesOnlyAssigned, visibleOrdersOf } from "../../auth/order-access.js";
import type { SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { type FilterValues, inlineValues, keptValues } from "../../db/filter-values.js";
import type { Page } from "../../db/keyset.js";
import {
  addressStart,
  createdOnDays,
  emailStartsWith,
  nameOrEmailSearch,
  oneWordStart,
  type PrefixRange,
} from "../../db/list-search.js";
import { readRowCounts } from "../../db/row-counts.js";
import { orders } from "../../db/schema.js";
import { pageForTeam, seenBy } from "./present.js";
import {
  type OrderWithCompany,
  orderPageNewestFirst,
  ordersMatching,
  ordersWithWord,
  orderWordLookup,
  wordMatches,
} from "./queries/listing.js";

/** A search for an order by its number: "1001" or "#1001". */
const orderNumber = /^#?(\d{1,9})$/;

/**
 * The filters and the search: an order number ("1001", "#1001") matches that order; any other
 * text the start of the customer's e-mail, of their name or of a word in it, whatever the case.
 * Each combination is served by an index that keeps the newest-first order (see migration 0019
 * and docs/decisions/017), so a page reads its own rows, not every order that matches.
 */
function chosenFilter(
  query: OrdersExportQuery,
  caller: SessionUser,
  bound: FilterValues,
  commonWord?: boolean,
): OrdersChosen {
  const conditions: (SQL | undefined)[] = [];
  const { value } = bound;
  if (query.assignee === "none") {
    bound.part("unassigned");
    conditions.push(isNull(orders.assigneeId));
  } else if (query.assignee !== undefined) {
    conditions.push(
      eq(orders.assigneeId, value("assignee", query.assignee === "me" ? caller.id : query.assignee)),
    );
  }
  if (query.state === "unpaid") {
    bound.part("unpaid");
    conditions.push(eq(orders.paid, false));
  } else if (query.state !== undefined) conditions.push(eq(orders.state, value("state", query.state)));
  if (query.paid !== undefined) conditions.push(eq(orders.paid, value("paid", query.paid === "true")));
  if (query.plan !== undefined) conditions.push(eq(orders.planId, value("plan", query.plan)));
  // Served by the index on (company_id, created_at, id): a company's page of orders reads its own rows.
  if (query.companyId !== undefined)
    conditions.push(eq(orders.companyId, value("companyId", query.companyId)));
  conditions.push(...createdOnDays(orders.createdAt, query, bound));
  const filters = conditions.filter((condition) => condition !== undefined);
  const text = searchedText(query);
  if (!text) return { filters };
  const number = orderNumber.exec(text)?.[1];
  if (number) return { filters, search: eq(orders.number, value("number", Number(number))) };
  const address = addressStart(text);
  if (address) return { filters, search: emailStartsWith(orders, orders, address, bound) };
  const word = oneWordStart(text);
  if (word && commonWord !== undefined)
    return { filters, search: ordersWithWord(word, commonWord, bound), word };
  return { filters, search: nameOrEmailSearch(orders, text, orderWordLookup), word };
}

const searchedText = (query: OrdersExportQuery) => (query.q ?? query.search)?.trim();

/**
 * Whether the list's statements can be kept with the filter's values as placeholders: every
 * filter but a search for words, whose best plan depends on the words (docs/decisions/034). An
 * order's number and an address's start are kept (docs/decisions/040).
 */
function keepable(query: OrdersExportQuery): boolean {
  const text = searchedText(query);
  return !text || orderNumber.test(text) || addressStart(text) !== undefined;
}

/** The caller's filters, the search's condition, and the range of a search of one word. */
type OrdersChosen = { filters: SQL[]; search?: SQL; word?: PrefixRange };

/**
 * The orders the caller's list shows with these filters (those they may see, narrowed as asked)
 * and whether anything narrows it. `commonWord`, for a search of one word, chooses its kept
 * condition (`ordersWithWord`).
 */
function ordersListed(
  query: OrdersExportQuery,
  caller: SessionUser,
  bound: FilterValues = inlineValues,
  commonWord?: boolean,
) {
  const visible = visibleOrdersOf(caller, bound);
  const { filters, search } = chosenFilter(query, caller, bound, commonWord);
  const chosen = [...filters, ...(search ? [search] : [])];
  const narrowing = chosen.length === 0 ? undefined : and(...chosen);
  return {
    filter: visible && narrowing ? and(visible, narrowing) : (visible ?? narrowing),
    narrowed: narrowing !== undefined,
  };
}

/**
 * The one word searched, when it is all that narrows the list of a caller who sees every order:
 * its matches are counted from the word table alone, and that count chooses its page's plan.
 */
function wordAlone(query: OrdersExportQuery, caller: SessionUser): PrefixRange | undefined {
  if (visibleOrdersOf(caller) !== undefined || !searchedText(query)) return undefined;
  const { filters, word } = chosenFilter(query, caller, inlineValues);
  return filters.length === 0 ? word : undefined;
}

/**
 * The day counts (migration 0069) that count the orders of a numbered page's list, when some do:
 * the caller sees every order, and nothing narrows the list but a state, a plan, both, or
 * whether it is paid (docs/decisions/042).
 */
function countedDaysKey(query: AdminOrdersQuery, caller: SessionUser): string | undefined {
  const numbered = query.page > 0 && query.after === undefined && query.before === undefined;
  if (!numbered || visibleOrdersOf(caller) !== undefined) return undefined;
  if (query.assignee ?? query.companyId ?? query.from ?? query.to ?? searchedText(query)) return undefined;
  const { state, paid } = query;
  const plan = query.plan?.toLowerCase();
  if (paid !== undefined) return state === undefined && plan === undefined ? `paid:${paid}` : undefined;
  if (state === "unpaid") return plan === undefined ? "paid:false" : undefined;
  if (state !== undefined) return plan === undefined ? `state:${state}` : `state_plan:${state}:${plan}`;
  return plan === undefined ? "" : `plan:${plan}`;
}

/** The orders the caller's list shows with these filters: those they may see, narrowed as asked. */
export function adminOrderFilter(query: OrdersExportQuery, caller: SessionUser): SQL | undefined {
  return ordersListed(query, caller).filter;
}

/** The counts of the orders the caller sees: every order's, or their assigned ones' (both kept by triggers). */
async function countsFor(db: Database, caller: SessionUser): Promise<{ total: number; paid: number }> {
  if (!seesOnlyAssigned(caller)) {
    const counts = await readRowCounts(db, ["orders", "orders_paid"]);
    return { total: counts.orders, paid: counts.orders_paid };
  }
  const total = `assigned:${caller.id}` as const;
  const paid = `assigned_paid:${caller.id}` as const;
  const counts = await readRowCounts(db, [total, paid]);
  return { total: counts[total] ?? 0, paid: counts[paid] ?? 0 };
}

/**
 * One page of orders, newest first, and the counts over every order the caller sees; a
 * searched or filtered list also says how many orders match, up to 1,000.
 */
export async function listAllOrders(
  db: Database,
  caller: SessionUser,
  query: AdminOrdersQuery,
): Promise<AdminOrderList> {
  const word = wordAlone(query, caller);
  if (word) {
    // The word's count first: it tells which of the word's two kept statements reads the page.
    const [counts, { common, ...matches }] = await Promise.all([
      countsFor(db, caller),
      wordMatches(db, word),
    ]);
    const bound = keptValues();
    const { filter } = ordersListed(query, caller, bound, common);
    const page = await orderPageNewestFirst(db, query, filter, bound.kept());
    return ordersAnswered(db, caller, page, counts, matches);
  }
  const bound = keepable(query) ? keptValues() : undefined;
  const { filter, narrowed } = ordersListed(query, caller, bound);
  const kept = bound?.kept();
  const [page, counts, matches] = await Promise.all([
    orderPageNewestFirst(db, query, filter, kept, countedDaysKey(query, caller)),
    countsFor(db, caller),
    narrowed && filter ? ordersMatching(db, filter, kept) : undefined,
  ]);
  return ordersAnswered(db, caller, page, counts, matches);
}

/** A page of All Orders as the caller sees it, with the counts and the filter's matches. */
async function ordersAnswered(
  db: Database,
  caller: SessionUser,
  page: Page<OrderWithCompany>,
  { total, paid }: { total: number; paid: number },
  matches: MatchCount | undefined,
): Promise<AdminOrderList> {
  const rows = page.rows.map((entry) => entry.order);
  const shown = seenBy(caller, await pageForTeam(db, page.rows), rows);
  return {
    orders: shown.map((order, index) => ({ ...order, company: page.rows[index]?.company ?? null })),
    nextCursor: page.nextCursor,
    previousCursor: page.previousCursor,
    counts: { total, paid, unpaid: total - paid },
    ...(matches ? { matches } : {}),
  };
}
