import { z } from "zod";
import { listSearch, MatchCount, PageCursors, pageQuery, rangeInOrder, rangeOutOfOrder } from "./common.js";

/**
 * What the audit log records (DESIGN "Beyond the spec" 10): every change of a role, price, plan,
 * promo code or order state, every refund, deletion and export. `<subject>.<what happened>`.
 */
export const auditActions = [
  "user.role_changed",
  "team.role_created",
  "team.role_updated",
  "team.role_deleted",
  "team.ownership_transferred",
  "team.invitation_sent",
  "team.invitation_resent",
  "team.invitation_revoked",
  "team.invitation_accepted",
  "team.member_suspended",
  "team.member_unsuspended",
  "team.member_removed",
  "team.two_factor_requirement_changed",
  "team.member_two_factor_reset",
  "api_key.created",
  "api_key.revoked",
  "account.deleted",
  "service.created",
  "service.updated",
  "service.archived",
  "service.restored",
  "services.reordered",
  "plan.created",
  "plan.updated",
  "plan.price_changed",
  "plan.archived",
  "plan.deleted",
  "plan.restored",
  "plans.reordered",
  "addon.created",
  "addon.updated",
  "addon.deleted",
  "addons.reordered",
  "promo.created",
  "promo.updated",
  "promo.disabled",
  "promo.enabled",
  "order.state_changed",
  "order.assigned",
  "order.due_changed",
  "order.deleted",
  "payment.refunded",
  "quote.sent",
  "quote.revised",
  "quote.voided",
  "invoice.sent",
  "invoice.revised",
  "invoice.voided",
  "invoice.paid",
  "quote.signed",
  "review.hidden",
  "review.shown",
  "review.deleted",
  "blog.deleted",
  "lead.deleted",
  "site.identity_changed",
  "site.texts_changed",
  "site.currency_changed",
  "site.invoicing_changed",
  "payment.recorded",
  "payment.refund_recorded",
  "export.account_data",
  "export.leads",
  "export.orders",
  "export.customers",
  "export.payments",
  "export.time",
  "automation.created",
  "automation.updated",
  "automation.paused",
  "automation.resumed",
  "automation.deleted",
  "accounting.exported",
  "webhook.created",
  "webhook.updated",
  "webhook.deleted",
  "company.details_changed",
  "company.invitation_sent",
  "company.invitation_resent",
  "company.invitation_revoked",
  "company.person_added",
  "company.person_removed",
  "company.role_changed",
  "company.exported",
] as const;
export const AuditAction = z.enum(auditActions);
export type AuditAction = z.infer<typeof AuditAction>;

export const auditSubjectTypes = [
  "user",
  "team_role",
  "team_invitation",
  "api_key",
  "service",
  "plan",
  "plan_addon",
  "promo_code",
  "order",
  "payment",
  "quote",
  "invoice",
  "review",
  "blog",
  "lead",
  "site",
  "export",
  "webhook",
  "company",
  "automation",
] as const;
export const AuditSubjectType = z.enum(auditSubjectTypes);
export type AuditSubjectType = z.infer<typeof AuditSubjectType>;

/** "api_key": a call made with an API key (its id "apikey:<key id>", its label "API key <name>"). */
export const AuditActorType = z.enum(["admin", "customer", "system", "api_key"]);
export type AuditActorType = z.infer<typeof AuditActorType>;

/** One entry, newest first on the admin page. */
export const AuditEntry = z
  .object({
    id: z.number().int().positive(),
    at: z.string(),
    actor: z.object({
      type: AuditActorType,
      id: z.string().nullable(),
      /** An admin's e-mail when they acted, an API key's name, or the system's name; null for a customer. */
      label: z.string().nullable(),
      /** The account's e-mail now (placeholders once deleted); null for the system. */
      email: z.string().nullable(),
    }),
    action: z.string(),
    subject: z.object({
      type: z.string(),
      id: z.string().nullable(),
      /** What it was called then (an order's number, a plan's title); a person's data never. */
      label: z.string().nullable(),
      /** For an account: its e-mail now. */
      email: z.string().nullable(),
    }),
    before: z.unknown().nullable(),
    after: z.unknown().nullable(),
  })
  .meta({ id: "AuditEntry" });
export type AuditEntry = z.infer<typeof AuditEntry>;

/**
 * `action` keeps one action; `q` finds the start of the actor's e-mail (then or now), of an
 * account subject's e-mail, text in the subject's name, or its id; `from`/`to` are days.
 */
export const AuditQuery = pageQuery(
  { size: 50, maxSize: 200 },
  { action: AuditAction.optional(), ...listSearch },
).refine(rangeInOrder, rangeOutOfOrder);
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditList = z.object({
  entries: z.array(AuditEntry),
  ...PageCursors,
  /** Only when searched or filtered: how many entries match (counted up to 1,000). */
  matches: MatchCount.optional(),
});
export type AuditList = z.infer<typeof AuditList>;

/** The hash chain checked from the first entry to the last. */
export const AuditVerification = z
  .object({
    ok: z.boolean(),
    /** Entries whose hash and link were checked before the first problem (or all of them). */
    checked: z.number().int().nonnegative(),
    /** The first row that is missing, changed or out of place. */
    firstBadRow: z.number().int().positive().optional(),
    /** What is wrong with it, in a sentence. */
    reason: z.string().optional(),
  })
  .meta({ id: "AuditVerification" });
export type AuditVerification = z.infer<typeof AuditVerification>;
