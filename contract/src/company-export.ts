import { z } from "zod";
import { AccountExport } from "./account.js";
import { ClientRoleSchema } from "./companies.js";

const exported = AccountExport.shape;
const ExportedReceipt = exported.receipts.element;

/**
 * Everything the shop keeps about a client company, as one JSON document its Admin downloads
 * (docs/decisions/028): its details and people, the orders of every one of its people with what
 * the company's people are shown of them (no internal notes), and its money and documents. The
 * records are those of the one-person export, so a reader of one reads the other.
 */
export const CompanyExport = z
  .object({
    exportedAt: z.string(),
    company: z.object({
      id: z.string(),
      name: z.string(),
      address: z.string(),
      vatId: z.string().nullable(),
      billingEmail: z.string(),
      createdAt: z.string(),
    }),
    people: z.array(z.object({ name: z.string(), email: z.string(), role: ClientRoleSchema })),
    orders: exported.orders,
    payments: exported.payments,
    receipts: exported.receipts,
    /** The receipts of refunds (negative amounts), with the reason the agency gave. */
    creditNotes: z.array(ExportedReceipt.extend({ reason: z.string().nullable() })),
    subscriptions: exported.subscriptions,
    /** Quotes and invoices addressed to the company (each revision as it was sent; never a draft). */
    salesDocuments: exported.salesDocuments,
  })
  .meta({ id: "CompanyExport" });
export type CompanyExport = z.infer<typeof CompanyExport>;
