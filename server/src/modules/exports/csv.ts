import { Readable } from "node:stream";
import { type AuditAction, formatPlainAmount } from "@agency/contract";
import type { FastifyReply } from "fastify";
import type { Database } from "../../db/client.js";
import { type AuditActor, recordAudit } from "../audit/index.js";

/**
 * An amount of money as the agency's books write it: a number with its currency's decimals
 * ("-79.00" for a refund in dollars, "5000" in yen), so a spreadsheet sums it. The currency goes
 * in a column of its own.
 */
export class CsvMoney {
  constructor(
    readonly cents: number,
    readonly currency: string,
  ) {}
}

export const money = (cents: number | null, currency: string): CsvMoney | null =>
  cents === null ? null : new CsvMoney(cents, currency);

/** What a CSV cell can hold; dates are written as ISO 8601 in UTC, null as an empty cell. */
export type CsvValue = string | number | boolean | Date | CsvMoney | null | undefined;

/**
 * RFC 4180 quoting. Numbers (money included) are written as numbers; a text cell that a
 * spreadsheet would run as a formula (=, +, -, @, or a leading tab or CR) gets a leading
 * apostrophe, since names, addresses and messages come from strangers.
 */
function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value instanceof CsvMoney) return formatPlainAmount(value.cents, value.currency);
  let text = value instanceof Date ? value.toISOString() : value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/**
 * A CSV file as it is written: the header line, then one chunk of lines per batch of rows, so a
 * file of a million rows never sits in memory whole.
 */
export async function* csvChunks<Row>(
  header: readonly string[],
  batches: AsyncIterable<Row[]>,
  line: (row: Row) => readonly CsvValue[],
): AsyncGenerator<string> {
  yield csvLine(header);
  for await (const rows of batches) yield rows.map((row) => csvLine(line(row))).join("");
}

/** Sends a CSV file as it is written, named after what it holds and today's date. */
export function sendCsv(reply: FastifyReply, name: string, chunks: AsyncIterable<string>) {
  const date = new Date().toISOString().slice(0, 10);
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${name}-${date}.csv"`)
    .send(Readable.from(chunks));
}

/**
 * Records in the audit log who took which export with which filters, in a transaction of its own
 * before the file is written: a streamed file's rows are not known until it has been sent.
 */
export function recordExport(
  db: Database,
  actor: AuditActor,
  action: Extract<AuditAction, `export.${string}`>,
  label: string,
  filters: Readonly<Record<string, string | undefined>>,
): Promise<void> {
  const given = Object.fromEntries(Object.entries(filters).filter((entry) => entry[1] !== undefined));
  return db.transaction((tx) =>
    recordAudit(tx, { actor, action, subject: { type: "export", label }, after: { filters: given } }),
  );
}
