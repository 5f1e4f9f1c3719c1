// The agency's Companies page: its statements, read only (the page changes nothing but through
// invitations, which queries.ts writes).

import { type AnyColumn, and, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { visibleOrdersOf } from "../../auth/order-access.js";
import type { SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { escapeLike, oneWordPattern } from "../../db/list-search.js";
import {
  executeKeptQuery,
  executeWithKeptFilter,
  limitInText,
  numberInText,
} from "../../db/named-statement.js";
import { rowsOf } from "../../db/rows.js";
import { companies, companySearchWords, orders, salesDocuments, user } from "../../db/schema.js";

/** Where a page of companies starts: after the company with this lower-cased name and id. */
export type CompanyPosition = { name: string; id: string };

/**
 * SQL: a row sorted by `sortName` (lower-cased, compared as bytes, `~<~`), then `id`, comes after
 * `position`; written so the name's index bounds the walk.
 */
function afterPosition(sortName: SQL | AnyColumn, id: AnyColumn, position?: CompanyPosition) {
  return position
    ? sql`${sortName} ~>=~ ${position.name} and (${sortName} ~>~ ${position.name} or ${id} > ${position.id}::uuid)`
    : undefined;
}

export type CompanyListRow = {
  id: string;
  name: string;
  sort_name: string;
  billing_email: string;
  vat_id: string | null;
  people: number;
  orders: number;
};

/** The ways a search finds a company: each a condition, a company found by any of them. */
export type CompanySearch = SQL[];

/**
 * SQL: the companies a search finds. Text with an "@" is the start of an e-mail: the billing
 * address's or any of its people's (through `user_email_lower_prefix_idx`). Other text is also the
 * start of any word of the name, or the whole VAT ID (spaces and case aside); one word is the start
 * of a word of the name, of an address or of the VAT ID, looked up in `company_search_words`.
 */
export function companySearch(
  text: string,
  page: { position?: CompanyPosition; limit: number },
): CompanySearch | undefined {
  const lowered = text.trim().toLowerCase();
  if (!lowered) return undefined;
  const prefix = `${escapeLike(lowered)}%`;
  const billing = sql`lower(${companies.billingEmail}) like ${prefix}`;
  const theirPeople = sql`select ${user.companyId} from ${user}
    where lower(${user.email}) like ${prefix} and ${user.companyId} is not null`;
  const people = sql`${companies.id} in (${theirPeople})`;
  // An e-mail matches few companies: they are gathered first (their people through the index),
  // then sorted by name, instead of walking every company by name and testing each one.
  if (lowered.includes("@")) {
    return [
      sql`${companies.id} in (select matched.id from ${companies} matched
      where lower(matched.billing_email) like ${prefix}
      union all ${theirPeople})`,
    ];
  }
  // One word is the start of an entry of the company's words (a word of the name, the billing
  // address, the VAT ID), or the start of a person's e-mail.
  const oneWord = oneWordPattern(lowered);
  if (oneWord) return [sql`${companies.id} in (${firstByNameOfWord(oneWord, page)})`, people];
  // Words start the name or follow a space or punctuation ("acme wid" finds "Acme-Widgets Ltd").
  const typedWords = lowered.replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  const words = typedWords
    ? sql`(' ' || regexp_replace(lower(${companies.name}), '[^[:alnum:]]+', ' ', 'g')) like ${`% ${escapeLike(typedWords)}%`}`
    : undefined;
  const compact = lowered.replace(/\s+/g, "");
  const vat = sql`replace(lower(${companies.vatId}), ' ', '') = ${compact}`;
  const anyOf = or(words, billing, people, vat);
  return anyOf ? [anyOf] : undefined;
}

/** Past this many whole words that a typed word starts, their entries are sorted all together. */
const wordsReadOneByOne = 64;

/**
 * SQL: the ids of the page's first companies by name among the entries of the words `pattern`
 * (`like`) matches, read from `company_search_words_word_idx` alone. A typed word starts few whole
 * words ("lovel": "lovelace"), each with its entries in name order: each word's first `limit`
 * entries are read (one walk down the index per word, however many companies share it) and the
 * page taken from them. A typed word that starts more whole words than `wordsReadOneByOne` ("a")
 * has every entry read and sorted instead.
 */
function firstByNameOfWord(pattern: string, page: { position?: CompanyPosition; limit: number }) {
  const entries = companySearchWords;
  const after = afterPosition(entries.sortName, entries.companyId, page.position);
  // The whole words, each found after the one before it (a loose walk of the index).
  const matched = sql`with recursive matched(word, n) as (
      (select ${entries.word}, 1 from ${entries} where ${entries.word} like ${pattern}
        order by ${entries.word} using ~<~ limit 1)
      union all
      select (select later.word from ${entries} later
          where later.word like ${pattern} and later.word ~>~ matched.word
          order by later.word using ~<~ limit 1), n + 1
        from matched where matched.word is not null and n <= ${numberInText(wordsReadOneByOne)}
    )`;
  const few = sql`(select count(word) from matched) <= ${numberInText(wordsReadOneByOne)}`;
  const eachWord = sql`select ahead.sort_name, ahead.company_id from matched
    cross join lateral (
      select ${entries.sortName} as sort_name, ${entries.companyId} as company_id from ${entries}
      where ${and(sql`${entries.word} = matched.word`, after)}
      order by ${entries.sortName} using ~<~, ${entries.companyId}
      limit ${numberInText(page.limit)}
    ) ahead
    where ${few}`;
  const everyEntry = sql`select ${entries.sortName}, ${entries.companyId} from ${entries}
    where ${and(sql`${entries.word} like ${pattern}`, after, sql`not ${few}`)}`;
  return sql`${matched}
    select company_id from (${eachWord} union all ${everyEntry}) found
    group by sort_name, company_id
    order by sort_name using ~<~, company_id
    limit ${numberInText(page.limit)}`;
}

/**
 * One page of companies by name (then id), from after `position`, `limit` of them, each with its
 * people (through `user_company_idx`, company by company) and the orders `visible` keeps (every
 * order when undefined) counted. Ordered as the index `companies_name_lower_idx`
 * (`lower(name) text_pattern_ops`) keeps them, so a page walks the index from its start instead of
 * sorting every company.
 */
export function companiesByName(
  db: Database,
  options: {
    search: CompanySearch | undefined;
    position?: CompanyPosition;
    limit: number;
    visible: SQL | undefined;
  },
): Promise<CompanyListRow[]> {
  const { search, position, limit, visible } = options;
  const sortName = sql`lower(${companies.name})`;
  const after = afterPosition(sortName, companies.id, position);
  const arm = (condition: SQL | undefined) => sql`(
      select ${companies.id} as id, ${companies.name} as name, ${sortName} as sort_name,
        ${companies.billingEmail} as billing_email, ${companies.vatId} as vat_id
      from ${companies}
      where ${and(condition, after) ?? sql`true`}
      order by ${sortName} using ~<~, ${companies.id}
      limit ${limit}
    )`;
  const arms = search ?? [undefined];
  // Each way of matching is planned on its own, with its own estimate, and the pages merged.
  const page =
    arms.length === 1
      ? arm(arms[0])
      : sql`(select * from (${sql.join(arms.map(arm), sql` union `)}) arms
          order by arms.sort_name using ~<~, arms.id limit ${limit})`;
  const theirOrders = and(sql`${orders.companyId} = page.id`, visible);
  return rowsOf<CompanyListRow>(
    db,
    sql`with page as ${page}
    select page.*,
      (select count(*) from ${user} where ${user.companyId} = page.id)::int as people,
      (select count(*) from ${orders} where ${theirOrders})::int as orders
    from page
    order by page.sort_name using ~<~, page.id`,
  );
}

/** What a company's page shows of an order, and what decides whether the caller sees its price. */
const companyOrderColumns = {
  id: orders.id,
  number: orders.number,
  name: orders.name,
  service: orders.service,
  state: orders.state,
  paid: orders.paid,
  createdAt: orders.createdAt,
  currency: orders.currency,
  priceCents: orders.priceCents,
  userId: orders.userId,
  companyId: orders.companyId,
};

/**
 * The company's latest orders the caller may see (`visibleOrdersOf`), newest first: a statement
 * kept for each shape of the rule, the company and the caller filled in at each run.
 */
export function latestOrdersOfCompany(db: Database, companyId: string, caller: SessionUser, limit: number) {
  return executeWithKeptFilter(db, `company_orders_${limit}`, (bound) =>
    db
      .select(companyOrderColumns)
      .from(orders)
      .where(and(eq(orders.companyId, bound.value("company", companyId)), visibleOrdersOf(caller, bound)))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limitInText(limit)),
  );
}

/** The open states of a quote or invoice: sent and waiting, opened, or accepted and not yet paid. */
const openStates = ["sent", "viewed", "accepted"] as const;

/**
 * The quotes and invoices still open that are addressed to the company (`sales_documents_company_idx`)
 * or, sent before their addressee had an account in it, to the address of one of its people (kept
 * lower case, through `sales_documents_email_idx`), newest first: a statement kept, planned once per
 * connection.
 */
export function openDocumentsOfCompany(db: Database, companyId: string) {
  const company = sql.placeholder("company");
  return executeKeptQuery(
    db,
    "company_open_documents",
    () =>
      db
        .select()
        .from(salesDocuments)
        .where(
          and(
            inArray(salesDocuments.state, openStates),
            or(
              eq(salesDocuments.companyId, company),
              sql`${salesDocuments.companyId} is null and ${salesDocuments.email} in
            (select lower(${user.email}) from ${user} where ${user.companyId} = ${company})`,
            ),
          ),
        )
        .orderBy(desc(salesDocuments.createdAt), desc(salesDocuments.id))
        .limit(limitInText(100)),
    { company: companyId },
  );
}
