import { type MatchCount, maxMatchCount, type PageQuery } from "@agency/contract";
import { and, count, countDistinct, eq, lt, notExists, type SQL, sql } from "drizzle-orm";
import { alias, type PgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../../../db/client.js";
import { type FilterValues, inlineValues, type KeptFilter } from "../../../db/filter-values.js";
import { newestFirstPage, type Page, runPage } from "../../../db/keyset.js";
import { countMatches, type PrefixRange, startsWith, type WordLookup } from "../../../db/list-search.js";
import { executeWithKeptFilter, limitInText } from "../../../db/named-statement.js";
import {
  companies,
  orderDayCounts,
  orderPeriods,
  orderSearchWords,
  orders,
  user,
} from "../../../db/schema.js";
import type { OrderRecord } from "./orders.js";

/**
 * The columns of an order that a list of orders shows (and decides with: who may see its money
 * and contact, its current period), and no others: not its provider's ids, its list or renewal
 * price, its promo code's id, when its subscription ended or when it was completed.
 */
const shownOrderColumns = {
  id: orders.id,
  number: orders.number,
  userId: orders.userId,
  companyId: orders.companyId,
  planId: orders.planId,
  email: orders.email,
  name: orders.name,
  service: orders.service,
  serviceDuration: orders.serviceDuration,
  priceCents: orders.priceCents,
  discountCents: orders.discountCents,
  currency: orders.currency,
  promoCode: orders.promoCode,
  phone: orders.phone,
  paid: orders.paid,
  transactionId: orders.transactionId,
  paymentTime: orders.paymentTime,
  state: orders.state,
  assigneeId: orders.assigneeId,
  dueAt: orders.dueAt,
  createdAt: orders.createdAt,
};

/** An order as a list shows it: the columns of `shownOrderColumns`. */
export type ShownOrder = Pick<OrderRecord, keyof typeof shownOrderColumns>;

export type OrderWithCompany = {
  order: ShownOrder;
  company: { id: string; name: string } | null;
  /** The order's newest opened work period, if any. */
  newestPeriod: { number: number; startedAt: Date } | null;
  assignee: { id: string; name: string } | null;
};

/** `column` of the listed order's newest opened period (through the periods' primary key), or null. */
const newestPeriodColumn = (column: PgColumn) =>
  sql`(select ${column} from ${orderPeriods} where ${orderPeriods.orderId} = ${orders.id} and ${orderPeriods.openedAt} is not null order by ${orderPeriods.number} desc limit 1)`.mapWith(
    column,
  );

/**
 * One page of the orders `filter` keeps, newest first, each with its client company's name (a
 * team member's own order has none), its newest opened work period and its assignee's name, each
 * read by a primary key in the page's own statement rather than by a statement of its own after
 * it. Subqueries, not joins: joined, the planner weighs join orders and methods for the orders'
 * million rows and sizes a cache (Memoize) for them, which took longer than reading the page
 * (docs/decisions/034). With `kept` (a filter whose values are placeholders, `keptValues`, or no
 * filter), the statement is built once for the filter's and the page's shape, kept, and planned
 * once per connection: for the lists whose best plan does not depend on the values. A search's
 * does: it is built and planned for its words each time, but for one word alone, whose two plans
 * are kept (`ordersWithWord`).
 * `countedDaysKey`: the key of the day counts that count the orders `filter` keeps, for a numbered
 * page to find where it starts (docs/decisions/042).
 */
export function orderPageNewestFirst(
  db: Database,
  query: PageQuery,
  filter: SQL | undefined,
  kept?: KeptFilter,
  countedDaysKey?: string,
): Promise<Page<OrderWithCompany>> {
  return newestFirstPage(
    orders,
    query,
    async (plan) => {
      // A list without a search: its statement built once for each shape of filter and page and
      // kept, the filter's values, the position and the skip filled in at each run.
      const rows = await runPage(db, "orders", plan, kept, (where, limit) =>
        db
          .select({
            order: shownOrderColumns,
            companyName: sql<
              string | null
            >`(select ${companies.name} from ${companies} where ${companies.id} = ${orders.companyId})`,
            periodNumber: newestPeriodColumn(orderPeriods.number) as SQL<number | null>,
            periodStartedAt: newestPeriodColumn(orderPeriods.startedAt) as SQL<Date | null>,
            assigneeName: sql<
              string | null
            >`(select ${user.name} from ${user} where ${user.id} = ${orders.assigneeId})`,
            cursor: plan.cursor,
          })
          .from(orders)
          .where(where)
          .orderBy(...plan.orderBy)
          .limit(limit),
      );
      return rows.map(({ order, companyName, periodNumber, periodStartedAt, assigneeName, cursor }) => ({
        row: {
          order,
          company:
            order.companyId && companyName !== null ? { id: order.companyId, name: companyName } : null,
          newestPeriod:
            periodNumber !== null && periodStartedAt !== null
              ? { number: periodNumber, startedAt: periodStartedAt }
              : null,
          assignee:
            order.assigneeId && assigneeName !== null ? { id: order.assigneeId, name: assigneeName } : null,
        },
        cursor,
      }));
    },
    filter,
    kept !== undefined,
    countedDaysKey === undefined
      ? undefined
      : {
          counts: { key: orderDayCounts.key, day: orderDayCounts.day, value: orderDayCounts.value },
          key: countedDaysKey,
        },
  );
}

/**
 * The orders' word table. `has`: the orders with a word of the name, or the e-mail, that starts
 * with `pattern`: a probe of the word table's primary key for each order, or the word's entries
 * first when it is rare, as the planner judges from the words' statistics. `anyOf`: the orders
 * whose e-mail or name starts with the text, or with a word starting with each word typed.
 */
export const orderWordLookup: WordLookup = {
  has: (pattern) =>
    sql`exists (select 1 from ${orderSearchWords} where ${orderSearchWords.orderId} = ${orders.id} and ${orderSearchWords.word} like ${pattern})`,
  anyOf(prefix, patterns) {
    const parts = [
      sql`select ${orders.id} from ${orders} where lower(${orders.email}) like ${prefix}`,
      sql`select ${orders.id} from ${orders} where lower(${orders.name}) like ${prefix}`,
    ];
    const [first, ...others] = patterns;
    if (first !== undefined) {
      const entry = (i: number) => sql.identifier(`word_${i}`);
      const alsoHas = others.map(
        (pattern, i) =>
          sql` and exists (select 1 from ${orderSearchWords} ${entry(i + 1)} where ${entry(i + 1)}.order_id = ${entry(0)}.order_id and ${entry(i + 1)}.word like ${pattern})`,
      );
      parts.push(
        sql`select ${entry(0)}.order_id from ${orderSearchWords} ${entry(0)} where ${entry(0)}.word like ${first}${sql.join(alsoHas)}`,
      );
    }
    return sql`${orders.id} in (${sql.join(parts, sql` union `)})`;
  },
};

/** The names of a searched word's range in a kept statement (`startsWith`). */
const wordRangeNames = { from: "wordFrom", below: "wordBelow" };

/**
 * The orders with a word of the name, or the e-mail, that starts with `word`, as the condition of
 * a statement kept for any word (`startsWith`): the plan that suits a word depends on how many
 * orders have it, so there are two, and `wordMatches` tells which (`common`). For a common word,
 * the newest-first index is walked and each order probed for an entry (a subquery, which the
 * planner cannot turn into a join), until a page is found: a word on a tenth of the orders is found
 * in ten orders. For a rarer one, its entries are read first (`offset 0` keeps them apart) and
 * their orders sorted: a walk would read the whole table for a word on a hundred orders
 * (docs/decisions/041).
 */
export function ordersWithWord(word: PrefixRange, common: boolean, bound: FilterValues): SQL {
  bound.part(common ? "commonWord" : "rareWord");
  const entry = startsWith(orderSearchWords.word, word, wordRangeNames, bound);
  return common
    ? sql`(select true from ${orderSearchWords} where ${orderSearchWords.orderId} = ${orders.id} and ${entry} limit 1)`
    : sql`${orders.id} in (select ${orderSearchWords.orderId} from ${orderSearchWords} where ${entry} offset 0)`;
}

/** How many orders `filter` keeps, counted up to 1,000; `kept` as in `countMatches`. */
export function ordersMatching(db: Database, filter: SQL, kept?: KeptFilter): Promise<MatchCount> {
  const counted = kept && { name: `orders_matching_${kept.shape}`, values: kept.values };
  return countMatches(db, orders, filter, counted);
}

/**
 * How many orders have a word starting with `word`, counted up to 1,000, from the word table
 * alone, and whether the word is common: the first `sample` (2,002) of its entries and the orders
 * among them, which settles the count when the word has fewer entries or more than 1,000 orders
 * among them. Otherwise (orders with several entries starting with it) each order is counted at
 * its first matching entry. A word with `sample` entries or more is common (`ordersWithWord`).
 */
export async function wordMatches(
  db: Database,
  word: PrefixRange,
  sample = 2 * (maxMatchCount + 1),
): Promise<MatchCount & { common: boolean }> {
  const [read] = await executeWithKeptFilter(db, `order_words_first_${sample}`, (bound) => {
    const firstEntries = db
      .select({ orderId: orderSearchWords.orderId })
      .from(orderSearchWords)
      .where(startsWith(orderSearchWords.word, word, wordRangeNames, bound))
      .limit(limitInText(sample))
      .as("first_entries");
    return db.select({ entries: count(), orders: countDistinct(firstEntries.orderId) }).from(firstEntries);
  });
  const common = read !== undefined && read.entries >= sample;
  const found =
    read && (!common || read.orders > maxMatchCount) ? read.orders : await firstMatchingEntries(db, word);
  return { count: Math.min(found, maxMatchCount), more: found > maxMatchCount, common };
}

/** The orders with an entry that starts with `word`, each at its first such entry, up to 1,001. */
async function firstMatchingEntries(db: Database, word: PrefixRange): Promise<number> {
  const earlier = alias(orderSearchWords, "earlier");
  const firsts = db
    .select({ one: sql`1`.as("one") })
    .from(orderSearchWords)
    .where(
      and(
        startsWith(orderSearchWords.word, word, wordRangeNames, inlineValues),
        notExists(
          db
            .select({ one: sql`1` })
            .from(earlier)
            .where(
              and(
                eq(earlier.orderId, orderSearchWords.orderId),
                lt(earlier.word, orderSearchWords.word),
                startsWith(earlier.word, word, wordRangeNames, inlineValues),
              ),
            ),
        ),
      ),
    )
    .limit(maxMatchCount + 1)
    .as("firsts");
  const [row] = await db.select({ count: count() }).from(firsts);
  return row?.count ?? 0;
}
