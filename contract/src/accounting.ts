import { z } from "zod";

/** The bookkeeping programs whose CSV import layout the accounting export writes (docs/decisions). */
export const AccountingFormat = z.enum(["xero", "quickbooks"]);
export type AccountingFormat = z.infer<typeof AccountingFormat>;

/** A month's receipts, credit notes and invoice payments for the books: the month in UTC. */
export const AccountingExportQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "must be a month as YYYY-MM")
    .meta({ example: "2026-03" }),
  format: AccountingFormat,
});
export type AccountingExportQuery = z.infer<typeof AccountingExportQuery>;

export const accountingMessages = {
  heading: "To the books",
  lead: "A month's receipts, credit notes and invoice payments, as your accounting program imports them.",
  month: "Month",
  xero: "Xero",
  quickbooks: "QuickBooks",
  download: (format: string) => `Download for ${format}`,
};
