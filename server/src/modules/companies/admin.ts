import {
  type AdminCompaniesQuery,
  type AdminCompanyDetail,
  type AdminCompanyDocument,
  type AdminCompanyList,
  companiesPageSize,
  companyOrdersShown,
  isId,
  toMajor,
} from "@agency/contract";
import type { SQL } from "drizzle-orm";
import { sightOf, visibleOrdersOf } from "../../auth/order-access.js";
import { can } from "../../auth/permissions.js";
import type { SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import type { FilterValues } from "../../db/filter-values.js";
import type { salesDocuments } from "../../db/schema.js";
import { AppError, notFound } from "../../errors.js";
import {
  type CompanyPosition,
  companiesByName,
  companySearch,
  latestOrdersOfCompany,
  openDocumentsOfCompany,
} from "./admin-queries.js";
import { companyById, peopleOfCompany } from "./queries.js";

function encodeCursor(position: CompanyPosition): string {
  return Buffer.from(JSON.stringify([position.name, position.id]), "utf8").toString("base64url");
}

function decodeCursor(cursor: string): CompanyPosition {
  try {
    const [name, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (typeof name === "string" && typeof id === "string" && isId(id)) return { name, id };
  } catch {
    // Not one this list handed out: refused below.
  }
  const message = "The page cursor is not valid: open the first page of the list again.";
  throw new AppError("bad_request", message, { cursor: "must be a cursor this list handed out" });
}

/**
 * The agency's clients by name, a page at a time, searched (see `companySearch`). Each row counts
 * the company's people and the orders the caller may see of it (the visibility rule's).
 */
export async function listCompanies(
  db: Database,
  caller: SessionUser,
  query: AdminCompaniesQuery,
): Promise<AdminCompanyList> {
  const page = {
    position: query.cursor ? decodeCursor(query.cursor) : undefined,
    // One more than shown tells whether there is a page beyond.
    limit: companiesPageSize + 1,
  };
  const rows = await companiesByName(db, {
    ...page,
    search: query.q ? companySearch(query.q, page) : undefined,
    visible: visibleOrdersOf(caller),
  });
  const shown = rows.slice(0, companiesPageSize);
  const last = shown.at(-1);
  return {
    companies: shown.map((row) => ({
      id: row.id,
      name: row.name,
      billingEmail: row.billing_email,
      vatId: row.vat_id,
      people: row.people,
      orders: row.orders,
    })),
    nextCursor:
      rows.length > companiesPageSize && last ? encodeCursor({ name: last.sort_name, id: last.id }) : null,
  };
}

type DocumentRow = typeof salesDocuments.$inferSelect;

/** A company's payments less refunds per currency, in minor units (billing's `revenueOfCompany`). */
export type CompanyRevenue = (
  db: Database,
  companyId: string,
  visible?: (bound: FilterValues) => SQL | undefined,
) => Promise<{ currency: string; cents: number }[]>;

/** The state shown: an invoice still unpaid after its due day is overdue, a quote past its valid day expired. */
function documentState(row: DocumentRow, today: string): AdminCompanyDocument["state"] {
  if (row.state !== "sent" && row.state !== "viewed") return row.state;
  if (row.kind === "invoice" && row.dueDate && today > row.dueDate) return "overdue";
  if (row.kind === "quote" && row.validUntil && today > row.validUntil) return "expired";
  return row.state;
}

/**
 * A company as the agency sees it: its details and people, its latest orders the caller may see
 * (each with its money only when the caller sees money), its open quotes and invoices, and, for a
 * member whose role sees money, its revenue from those orders (left out otherwise). Unknown or malformed: 404.
 */
export async function companyForAgency(
  db: Database,
  revenueOf: CompanyRevenue,
  caller: SessionUser,
  id: string,
  now: Date,
): Promise<AdminCompanyDetail> {
  const company = isId(id) ? await companyById(db, id) : undefined;
  if (!company) throw notFound("The company");
  const seesMoney = can(caller, "money.view");
  const [people, orderRows, documents, revenue] = await Promise.all([
    peopleOfCompany(db, company.id),
    latestOrdersOfCompany(db, company.id, caller, companyOrdersShown + 1),
    openDocumentsOfCompany(db, company.id),
    seesMoney ? revenueOf(db, company.id, (bound) => visibleOrdersOf(caller, bound)) : undefined,
  ]);
  const today = now.toISOString().slice(0, 10);
  return {
    id: company.id,
    name: company.name,
    address: company.address,
    vatId: company.vatId,
    billingEmail: company.billingEmail,
    detailsGiven: company.detailsGivenAt !== null,
    createdAt: company.createdAt.toISOString(),
    people: people.flatMap((person) => (person.role ? [{ ...person, role: person.role }] : [])),
    orders: orderRows.slice(0, companyOrdersShown).map((row) => ({
      _id: row.id,
      number: row.number,
      name: row.name,
      service: row.service,
      state: row.state,
      paid: row.paid,
      createdAt: row.createdAt.toISOString(),
      currency: row.currency,
      ...(sightOf(caller, row).money ? { price: toMajor(row.priceCents, row.currency) } : {}),
    })),
    moreOrders: orderRows.length > companyOrdersShown,
    openDocuments: documents.map((row) => ({
      _id: row.id,
      kind: row.kind,
      number: row.number,
      state: documentState(row, today),
      email: row.email,
      currency: row.currency,
      ...(seesMoney ? { total: toMajor(row.totalCents, row.currency) } : {}),
      sentAt: row.sentAt?.toISOString() ?? null,
      dueDate: row.dueDate,
      validUntil: row.validUntil,
    })),
    ...(revenue
      ? {
          revenue: revenue.map((entry) => ({
            currency: entry.currency,
            amount: toMajor(entry.cents, entry.currency),
          })),
        }
      : {}),
  };
}
