import type { Lead, LeadKind, LeadList, LeadsQuery } from "@agency/contract";
import { and, count, desc, eq, isNotNull, ne, or } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { leads } from "../../db/schema.js";

type Row = typeof leads.$inferSelect;

function toLead(row: Row): Lead {
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

/** Of one kind or all; a newsletter sign-up counts once its address is confirmed. */
const byKind = (kind: LeadKind | undefined) =>
  and(
    kind ? eq(leads.kind, kind) : undefined,
    or(ne(leads.kind, "newsletter"), isNotNull(leads.confirmedAt)),
  );

/** Newest first, one page at a time, optionally of one kind. */
export async function listLeads(db: Database, { kind, page, size }: LeadsQuery): Promise<LeadList> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(leads)
      .where(byKind(kind))
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(size)
      .offset(page * size),
    db.select({ value: count() }).from(leads).where(byKind(kind)),
  ]);
  return { leads: rows.map(toLead), total: total?.value ?? 0 };
}

const CSV_COLUMNS = ["createdAt", "kind", "name", "email", "website", "message"] as const;

/**
 * RFC 4180 quoting; a cell that a spreadsheet would run as a formula (=, +, -, @) gets a leading
 * apostrophe, since these values come from strangers.
 */
function csvCell(value: string | null): string {
  let text = value ?? "";
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export async function leadsCsv(db: Database, kind: LeadKind | undefined): Promise<string> {
  const rows = await db
    .select()
    .from(leads)
    .where(byKind(kind))
    .orderBy(desc(leads.createdAt), desc(leads.id));
  const lines = rows.map((row) => {
    const lead = toLead(row);
    return CSV_COLUMNS.map((column) => csvCell(lead[column])).join(",");
  });
  return `${[CSV_COLUMNS.join(","), ...lines].join("\r\n")}\r\n`;
}
