import { z } from "zod";
import { LeadEmail } from "./leads.js";

/**
 * A client company's people each hold one client role (docs/decisions/028):
 * - admin: everything below, plus inviting and removing people and editing the company's details;
 * - approver: accepts quotes, approves deliveries, asks for changes;
 * - billing: pays invoices and renewals, updates the card, sees payments, receipts and credit notes;
 * - member: sees the company's orders, writes in their threads, uploads files.
 */
export const clientRoles = ["admin", "approver", "billing", "member"] as const;
export type ClientRole = (typeof clientRoles)[number];
export const ClientRoleSchema = z.enum(clientRoles);

/** What each client role may do besides seeing the company's orders and writing in their threads. */
export type ClientAbility = "people" | "approve" | "pay";

const abilities: Record<ClientRole, readonly ClientAbility[]> = {
  admin: ["people", "approve", "pay"],
  approver: ["approve"],
  billing: ["pay"],
  member: [],
};

/** Whether a client role may do `ability` (see `clientRoles`). */
export function clientMay(role: ClientRole | null | undefined, ability: ClientAbility): boolean {
  return role ? abilities[role].includes(ability) : false;
}

export const companyMessages = {
  /** A person of a client company asked for what their client role does not allow. */
  roleMayNot: (ability: ClientAbility) =>
    ability === "pay"
      ? "Only your company's Billing people and Admins can pay for its orders."
      : ability === "approve"
        ? "Only your company's Approvers and Admins can approve work or accept quotes."
        : "Only your company's Admins can change its people or details.",
  teamMemberIsNoClient: "A member of the agency's team cannot be one of a client company's people.",
  noCompany: "You are not in a company yet: your first order makes one.",
} as const;

export const companyLimits = { name: 200, address: 500, vatId: 50 } as const;

/** One of a company's people, as the company's page lists them. */
export const CompanyPerson = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: ClientRoleSchema,
});
export type CompanyPerson = z.infer<typeof CompanyPerson>;

/** The caller's company: its details, its people and the caller's own client role. */
export const Company = z.object({
  id: z.string(),
  name: z.string(),
  /** Lines separated by newlines; "" until given. */
  address: z.string(),
  vatId: z.string().nullable(),
  billingEmail: z.string(),
  /** Whether someone gave its details: until then (and while it has one person) the pages say no "company". */
  detailsGiven: z.boolean(),
  people: z.array(CompanyPerson),
  yourRole: ClientRoleSchema,
});
export type Company = z.infer<typeof Company>;

const trimmedText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} can be at most ${max} characters long.` });

/** The company's details, as its Admin gives them (they print on its documents from then on). */
export const CompanyDetailsBody = z.object({
  name: trimmedText(companyLimits.name, "The company's name").min(1, {
    error: "Please enter the company's name.",
  }),
  address: trimmedText(companyLimits.address, "The address"),
  /** "" or left out: none. */
  vatId: trimmedText(companyLimits.vatId, "The VAT or tax ID").optional(),
  billingEmail: LeadEmail,
});
export type CompanyDetailsBody = z.infer<typeof CompanyDetailsBody>;
