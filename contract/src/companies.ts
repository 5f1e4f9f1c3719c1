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

/** Each client role's name as pages and mails show it. */
export const clientRoleNames: Record<ClientRole, string> = {
  admin: "Admin",
  approver: "Approver",
  billing: "Billing",
  member: "Member",
};

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
  /** Demoting or removing the company's only Admin: someone must keep managing its people. */
  lastAdmin:
    "Your company needs at least one Admin. Make someone else an Admin first, then change or remove this one.",
} as const;

/** A client company as a quote, invoice, receipt or credit note prints it, copied when it is issued. */
export const DocumentBuyer = z.object({
  company: z.string(),
  address: z.array(z.string()),
  vatId: z.string().nullable(),
});
export type DocumentBuyer = z.infer<typeof DocumentBuyer>;

/** The lines a document prints for its client company: name, address, VAT ID (pages and PDFs alike). */
export function printedBuyer(buyer: DocumentBuyer | null): string[] {
  if (!buyer) return [];
  return [buyer.company, ...buyer.address, ...(buyer.vatId ? [`VAT ID: ${buyer.vatId}`] : [])];
}

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

/** An open invitation of a colleague, as the company's page lists it. */
export const CompanyInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: ClientRoleSchema,
  invitedBy: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type CompanyInvitation = z.infer<typeof CompanyInvitation>;
export const CompanyInvitationList = z.array(CompanyInvitation);

export const CompanyInvitationBody = z.object({
  email: LeadEmail,
  role: ClientRoleSchema,
});
export type CompanyInvitationBody = z.infer<typeof CompanyInvitationBody>;

export const CompanyInvitationToken = z.object({ token: z.string().min(1).max(200) });

/** What the page of a mailed link shows before the invited person accepts. */
export const CompanyInvitationLookup = z.object({
  companyName: z.string(),
  email: z.string(),
  role: ClientRoleSchema,
  invitedBy: z.string(),
  expiresAt: z.string(),
});
export type CompanyInvitationLookup = z.infer<typeof CompanyInvitationLookup>;

export const companyInvitationMessages = {
  alreadyInvited: "This address already has an open invitation.",
  alreadyIn: "This person is already one of your colleagues here.",
  teamAddress: "This address belongs to the agency's team, which cannot join a client.",
  unknown: "This invitation link is not valid.",
  used: "This invitation was already used.",
  revoked: "This invitation was withdrawn.",
  expired: "This invitation has expired. Ask for a new one.",
  notOpen: "This invitation is no longer open.",
  otherAddress: (email: string) => `This invitation is for ${email}. Sign in with that address to accept it.`,
  ownOrders:
    "You have orders of your own. Ask the agency to move them to your colleagues before you join them.",
} as const;

/** The answer to accepting an invitation: the company joined. */
export const JoinedCompany = z.object({ companyId: z.string() });

/** A colleague's new client role (its Admins only). */
export const CompanyPersonRoleBody = z.object({ role: ClientRoleSchema });
export type CompanyPersonRoleBody = z.infer<typeof CompanyPersonRoleBody>;
