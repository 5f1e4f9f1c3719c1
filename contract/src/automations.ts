// Rules the agency writes in a form: "when <event> [and <condition>], do <action>".

import { z } from "zod";
import { PriceDollars } from "./catalog-admin.js";
import { clientRoles } from "./companies.js";
import { templateMessages, templateVariables, variablesOf } from "./templates.js";

export const ruleTriggers = [
  "order_paid",
  "brief_submitted",
  "delivered",
  "approval_waiting",
  "invoice_overdue",
  "subscription_renewed",
] as const;
export const RuleTrigger = z.enum(ruleTriggers, { message: "is not an event rules hear" });
export type RuleTrigger = z.infer<typeof RuleTrigger>;

export const ruleTriggerLabels: Record<RuleTrigger, string> = {
  order_paid: "An order is paid",
  brief_submitted: "A brief is submitted",
  delivered: "Work is delivered",
  approval_waiting: "A delivery waits for approval",
  invoice_overdue: "An invoice of an order is overdue",
  subscription_renewed: "A subscription renews",
};

export const automationMessages = {
  waitDays: "must be a whole number of days from 1 to 90",
  membersRequired: "choose at least one member",
  memberRequired: "choose the member",
  actionsRequired: "add at least one action",
  notFound: "The rule was not found.",
  noMember: "No member of the rule can take the order.",
} as const;

const id = z.string().trim().min(1).max(100);

export const RuleAction = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("assign"),
    /** To one member, to each of the members in turn, or to the one with the fewest open hours. */
    mode: z.enum(["member", "round_robin", "least_loaded"]),
    memberIds: z.array(id).min(1, automationMessages.membersRequired).max(50),
  }),
  z.object({
    type: z.literal("set_due"),
    days: z.number().int().min(1, "must be at least 1 day").max(365, "must be at most 365 days"),
  }),
  z.object({ type: z.literal("post_message"), templateId: id, internal: z.boolean().default(false) }),
  /** A notice to the shop's chats, its {{variables}} filled in for the order. */
  z
    .object({ type: z.literal("chat_notice"), text: z.string().trim().min(1, "is required").max(1000) })
    .superRefine((action, ctx) => {
      const unknown = variablesOf(action.text).filter(
        (name) => !(templateVariables as readonly string[]).includes(name),
      );
      if (unknown.length > 0)
        ctx.addIssue({ code: "custom", path: ["text"], message: templateMessages.unknown(unknown) });
    }),
  /** The people of the order's company with this client role follow its mails. */
  z.object({ type: z.literal("add_follower"), role: z.enum(clientRoles) }),
]);
export type RuleAction = z.infer<typeof RuleAction>;

/** POST/PUT /admin/automations: a rule's name, event, conditions and actions. */
export const RuleBody = z
  .object({
    name: z.string().trim().min(1, "is required").max(80),
    trigger: RuleTrigger,
    /** The days a delivery waits (approval_waiting only). */
    waitDays: z
      .number()
      .int()
      .min(1, automationMessages.waitDays)
      .max(90, automationMessages.waitDays)
      .nullable()
      .default(null),
    /** Conditions: the order's plan, its company, at least this amount; null: any. */
    planId: id.nullable().default(null),
    companyId: id.nullable().default(null),
    minAmount: PriceDollars.nullable().default(null),
    actions: z.array(RuleAction).min(1, automationMessages.actionsRequired).max(5),
  })
  .superRefine((rule, ctx) => {
    if (rule.trigger === "approval_waiting" && !rule.waitDays) {
      ctx.addIssue({ code: "custom", path: ["waitDays"], message: automationMessages.waitDays });
    }
  });
export type RuleBody = z.input<typeof RuleBody>;

export const RuleRun = z.object({
  _id: z.string(),
  orderId: z.string().nullable(),
  orderNumber: z.number().int().nullable(),
  outcome: z.string(),
  at: z.string(),
});

export const Rule = z
  .object({
    _id: z.string(),
    name: z.string(),
    trigger: RuleTrigger,
    waitDays: z.number().int().nullable(),
    planId: z.string().nullable(),
    companyId: z.string().nullable(),
    minAmount: z.number().nullable(),
    actions: z.array(RuleAction),
    paused: z.boolean(),
    /** The latest runs, newest first. */
    runs: z.array(RuleRun),
  })
  .meta({ id: "Rule" });
export type Rule = z.infer<typeof Rule>;
export const RuleList = z.array(Rule);
export const RulePauseBody = z.object({ paused: z.boolean() });
