import { type CustomerSalesDocument, hasBankAccount } from "@agency/contract";
import type { Database } from "../../db/client.js";
import { invoicingSettings } from "../content/index.js";
import type { SalesRow } from "./queries/documents.js";

/**
 * What an invoice says of paying it: the days from its sending to its due day, the agency's bank
 * account for a transfer (none until the owner sets one) and the reference to give: its number.
 */
export async function invoiceTerms(db: Database, row: SalesRow): Promise<CustomerSalesDocument["terms"]> {
  const settings = await invoicingSettings(db);
  const sent = row.sentAt ? row.sentAt.toISOString().slice(0, 10) : null;
  const dueInDays =
    sent && row.dueDate
      ? Math.max(0, Math.round((Date.parse(row.dueDate) - Date.parse(sent)) / 86_400_000))
      : settings.paymentTermsDays;
  return {
    dueInDays,
    bank: hasBankAccount(settings.bank) ? settings.bank : null,
    reference: row.number ?? "",
  };
}
