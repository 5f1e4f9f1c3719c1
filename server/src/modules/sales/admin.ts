import type { AdminSalesDetail, AdminSalesList, AdminSalesQuery } from "@agency/contract";
import { findRevision, revisionsOf, type SalesContext } from "./drafts.js";
import { salesLink } from "./mails.js";
import { dayOf, historyOf, linesOf, moneyOf, presentOne, toSalesDocument } from "./present.js";
import { accountWithAddress } from "./queries/accounts.js";
import { salesDocumentPage } from "./queries/documents.js";

/** The dashboard's list: every revision, newest first, narrowed by kind, state and a search. */
export async function listSalesDocuments(ctx: SalesContext, query: AdminSalesQuery): Promise<AdminSalesList> {
  const now = ctx.now();
  const rows = await salesDocumentPage(ctx.db, query, dayOf(now));
  const shown = rows.slice(0, query.size);
  const [lines, money] = await Promise.all([
    linesOf(
      ctx.db,
      shown.map((row) => row.id),
    ),
    moneyOf(ctx.db, shown),
  ]);
  return {
    documents: shown.map((row) => toSalesDocument(row, lines.get(row.id) ?? [], now, money.get(row.id))),
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
    accountWithAddress(db, row.email),
  ]);
  return {
    ...document,
    history,
    revisions,
    hasAccount: Boolean(account),
    link: row.state === "draft" ? null : salesLink(ctx.publicUrl, row),
  };
}
