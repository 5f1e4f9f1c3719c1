import { z } from "zod";
import { listSearch, MatchCount, PageCursors, pageQuery, rangeInOrder, rangeOutOfOrder } from "./common.js";

/**
 * Leads: contact messages, query-form requests from the landing page and newsletter sign-ups.
 * The spec's source app threw them away; we keep them. Limits are generous for people and small
 * enough that nobody can store megabytes through a public form.
 */
export const leadLimits = {
  name: 100,
  email: 254,
  website: 2048,
  message: 5000,
} as const;

function requiredText(max: number, what: string) {
  return z
    .string()
    .trim()
    .min(1, { error: `Please enter ${what}.` })
    .max(max, { error: `${capitalize(what)} can be at most ${max} characters long.` });
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const LeadEmail = z
  .string()
  .trim()
  .max(leadLimits.email, { error: `The email address can be at most ${leadLimits.email} characters long.` })
  .pipe(z.email({ error: "Please enter a valid email address." }));

export const ContactMessageBody = z
  .object({
    name: requiredText(leadLimits.name, "your name"),
    email: LeadEmail,
    message: requiredText(leadLimits.message, "a message"),
  })
  .meta({ id: "ContactMessageBody" });
export type ContactMessageBody = z.infer<typeof ContactMessageBody>;

export const QueryRequestBody = z
  .object({
    website: requiredText(leadLimits.website, "your website url"),
    email: LeadEmail,
  })
  .meta({ id: "QueryRequestBody" });
export type QueryRequestBody = z.infer<typeof QueryRequestBody>;

export const NewsletterSignUpBody = z.object({ email: LeadEmail }).meta({ id: "NewsletterSignUpBody" });
export type NewsletterSignUpBody = z.infer<typeof NewsletterSignUpBody>;

/** The spec's success shape for stored records (`insertedId`). */
export const LeadStored = z
  .object({ success: z.literal(true), insertedId: z.string() })
  .meta({ id: "LeadStored" });
export type LeadStored = z.infer<typeof LeadStored>;

export const LeadKind = z.enum(["contact", "query", "newsletter"]);
export type LeadKind = z.infer<typeof LeadKind>;

/** A stored lead, as admins see it. */
export const Lead = z
  .object({
    _id: z.string(),
    kind: LeadKind,
    name: z.string().nullable(),
    email: z.string(),
    website: z.string().nullable(),
    message: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "Lead" });
export type Lead = z.infer<typeof Lead>;

/** `kind` keeps one kind; `q` finds the start of an e-mail, name or word of the name; `from`/`to` days. */
export const LeadsQuery = pageQuery(
  { size: 25, maxSize: 200 },
  { kind: LeadKind.optional(), ...listSearch },
).refine(rangeInOrder, rangeOutOfOrder);
export type LeadsQuery = z.infer<typeof LeadsQuery>;

export const LeadList = z.object({
  leads: z.array(Lead),
  total: z.number().int().nonnegative(),
  ...PageCursors,
  /** Only when searched or limited to days: how many leads match (counted up to 1,000). */
  matches: MatchCount.optional(),
});
export type LeadList = z.infer<typeof LeadList>;

export const LeadsCsvQuery = z.object({ kind: LeadKind.optional() });
