import { z } from "zod";
import { Dollars } from "./common.js";
import { CompanyPerson } from "./companies.js";
import { SalesKind, SalesState } from "./sales.js";
import { OrderState } from "./workflow.js";

/**
 * The agency's Companies page (docs/decisions/028): its clients, a page at a time by name. `q`
 * finds the start of the company's name or of a word in it, its billing e-mail, the e-mail of any
 * of its people, or its VAT ID; `cursor` is the `nextCursor` of the page before.
 */
export const AdminCompaniesQuery = z.object({
  q: z.string().trim().max(200, "must be at most 200 characters").optional(),
  // A cursor names the last company shown, whose name may be long: more room than other lists'.
  cursor: z
    .string()
    .max(1000)
    .regex(/^[A-Za-z0-9_-]+$/, "must be a cursor this list handed out")
    .optional(),
});
export type AdminCompaniesQuery = z.infer<typeof AdminCompaniesQuery>;

/** The Companies page shows this many companies at a time. */
export const companiesPageSize = 20;

export const AdminCompanyRow = z.object({
  id: z.string(),
  name: z.string(),
  billingEmail: z.string(),
  vatId: z.string().nullable(),
  /** How many people the company has. */
  people: z.number().int().nonnegative(),
  /** How many orders the company holds. */
  orders: z.number().int().nonnegative(),
});
export type AdminCompanyRow = z.infer<typeof AdminCompanyRow>;

export const AdminCompanyList = z.object({
  companies: z.array(AdminCompanyRow),
  /** Where the next page starts; null on the last. */
  nextCursor: z.string().nullable(),
});
export type AdminCompanyList = z.infer<typeof AdminCompanyList>;

/** One of the company's latest orders, as its page lists them. */
export const AdminCompanyOrder = z.object({
  _id: z.string(),
  number: z.number().int(),
  /** Who placed it. */
  name: z.string(),
  service: z.string(),
  /** Null while unpaid. */
  state: OrderState.nullable(),
  paid: z.boolean(),
  createdAt: z.string(),
  currency: z.string(),
  /** Left out for a member of the team whose role does not see money. */
  price: Dollars.optional(),
});
export type AdminCompanyOrder = z.infer<typeof AdminCompanyOrder>;

/** A quote or invoice still open: sent, viewed or accepted (and not paid). */
export const AdminCompanyDocument = z.object({
  _id: z.string(),
  kind: SalesKind,
  number: z.string().nullable(),
  /** `overdue` (an invoice past its due day) and `expired` (a quote past its valid day) follow from the date. */
  state: SalesState,
  email: z.string(),
  currency: z.string(),
  /** Left out for a member of the team whose role does not see money. */
  total: Dollars.optional(),
  sentAt: z.string().nullable(),
  dueDate: z.string().nullable(),
  validUntil: z.string().nullable(),
});
export type AdminCompanyDocument = z.infer<typeof AdminCompanyDocument>;

/** Money taken less refunds, in one currency. */
export const CurrencyAmount = z.object({ currency: z.string(), amount: z.number() });
export type CurrencyAmount = z.infer<typeof CurrencyAmount>;

/** GET /admin/companies/{id}: a company as the agency sees it. */
export const AdminCompanyDetail = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  vatId: z.string().nullable(),
  billingEmail: z.string(),
  detailsGiven: z.boolean(),
  createdAt: z.string(),
  people: z.array(CompanyPerson),
  /** Its latest orders the caller may see, newest first (All Orders filtered by the company has the rest). */
  orders: z.array(AdminCompanyOrder),
  /** Whether it holds more orders the caller may see than `orders` lists. */
  moreOrders: z.boolean(),
  openDocuments: z.array(AdminCompanyDocument),
  /**
   * The company's paid payments less refunds, per currency; only for a member whose role sees money
   * (left out of the answer otherwise).
   */
  revenue: z.array(CurrencyAmount).optional(),
});
export type AdminCompanyDetail = z.infer<typeof AdminCompanyDetail>;

/** The company's orders its page lists. */
export const companyOrdersShown = 10;
