import type { Lead, LeadKind, LeadList, LeadsQuery } from "@agency/contract";
import { and, eq, isNotNull, ne, or, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { createdOnDays, nameOrEmailSearch } from "../../db/list-search.js";
import { readRowCounts } from "../../db/row-counts.js";
import { leads } from "../../db/schema.js";
import { csvChunks } from "../exports/index.js";
import { type LeadRow, leadBatchesNewestFirst, leadPage, leadsMatching, leadsWithId } from "./queries.js";

function toLead(row: LeadRow): Lead {
  return {
    _id: row.id,
    kind: row.kind,
    name: row.name,
    email: row.email,
    website: row.website,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One lead as the Leads page shows it (what webhooks send); none when it is gone. */
export async function leadView(db: Database, id: string): Promise<Lead[]> {
  return (await leadsWithId(db, id)).map(toLead);
}

/** Of one kind or all; a newsletter sign-up counts once its address is confirmed. */
const byKind = (kind: LeadKind | undefined) =>
  and(
    kind ? eq(leads.kind, kind) : undefined,
    or(ne(leads.kind, "newsletter"), isNotNull(leads.confirmedAt)),
  );

const countOf = { contact: "leads_contact", query: "leads_query", newsletter: "leads_newsletter" } as const;

/**
 * Newest first, one page at a time, optionally of one kind; searched (the start of the e-mail,
 * the name or a word of it) or limited to days, it also says how many leads match, up to 1,000.
 */
export async function listLeads(
  db: Database,
  { kind, q, from, to, ...query }: LeadsQuery,
): Promise<LeadList> {
  const narrowed = [
    ...createdOnDays(leads.createdAt, { from, to }),
    q ? nameOrEmailSearch(leads, q) : undefined,
  ].filter((condition) => condition !== undefined);
  const filter = and(byKind(kind), ...narrowed) as SQL;
  const [page, counts, matches] = await Promise.all([
    leadPage(db, query, filter),
    readRowCounts(db, kind ? [countOf[kind]] : Object.values(countOf)),
    narrowed.length > 0 ? leadsMatching(db, filter) : undefined,
  ]);
  return {
    leads: page.rows.map(toLead),
    total: Object.values(counts).reduce((sum, value) => sum + value, 0),
    nextCursor: page.nextCursor,
    previousCursor: page.previousCursor,
    ...(matches ? { matches } : {}),
  };
}

const CSV_COLUMNS = ["createdAt", "kind", "name", "email", "website", "message"] as const;

/** The leads as a CSV file, newest first, written a batch at a time. */
export function leadsCsv(db: Database, kind: LeadKind | undefined): AsyncGenerator<string> {
  const batches = leadBatchesNewestFirst(db, byKind(kind));
  return csvChunks(CSV_COLUMNS, batches, (row) => {
    const lead = toLead(row);
    return CSV_COLUMNS.map((column) => lead[column]);
  });
}
