import type { AdminSalesDetail, AdminSalesList, AdminSalesQuery } from "@agency/contract";
import { and, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { salesDocuments } from "../../db/schema.js";
import { accountOf, findRevision, revisionsOf, type SalesContext } from "./drafts.js";
import { salesLink } from "./mails.js";
import { historyOf, linesOf, presentOne, stateIs, toSalesDocument } from "./present.js";

/** The dashboard's list: every revision, newest first, narrowed by kind, state and a search. */
export async function listSalesDocuments(ctx: SalesContext, query: AdminSalesQuery): Promise<AdminSalesList> {
  const now = ctx.now();
  const conditions: (SQL | undefined)[] = [
    query.kind ? eq(salesDocuments.kind, query.kind) : undefined,
    query.state ? stateIs(query.state, now) : undefined,
  ];
  if (query.q) {
    const start = `${query.q.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;
    conditions.push(or(ilike(salesDocuments.email, start), ilike(salesDocuments.number, start)));
  }
  const rows = await ctx.db
    .select()
    .from(salesDocuments)
    .where(and(...conditions))
    .orderBy(desc(salesDocuments.createdAt), desc(salesDocuments.id))
    .limit(query.size + 1)
    .offset(query.page * query.size);
  const shown = rows.slice(0, query.size);
  const lines = await linesOf(
    ctx.db,
    shown.map((row) => row.id),
  );
  return {
    documents: shown.map((row) => toSalesDocument(row, lines.get(row.id) ?? [], now)),
    more: rows.length > query.size,
  };
}

/** One revision as the team sees it: its history, its series' revisions and the customer's link. */
export async function salesDetail(ctx: SalesContext, id: string): Promise<AdminSalesDetail> {
  const { db } = ctx;
  const row = await findRevision(db, id);
  const now = ctx.now();
  const [document, history, revisions, account] = await Promise.all([
    presentOne(db, row, now),
    historyOf(db, row.id),
    revisionsOf(db, row.seriesId, now),
    accountOf(db, row.email),
  ]);
  return {
    ...document,
    history,
    revisions,
    hasAccount: Boolean(account),
    link: row.state === "draft" ? null : salesLink(ctx.publicUrl, row),
  };
}
