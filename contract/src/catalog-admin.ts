import { z } from "zod";
import { BillingDuration, PlanAddon, PricingPlan, Service } from "./catalog.js";

/** The catalog editor's messages for what the server refuses. */
export const catalogMessages = {
  planArchived: "This plan is no longer offered.",
  durationLocked:
    "This plan has orders, so its billing stays as it is. Archive it and add a new plan instead.",
  reorderMismatch: "List every item of the catalog exactly once to reorder it.",
  colour: "must be a colour like #1f2a44",
  image: "must be a web address (https://…) or a path on this site (/…)",
  price: "must be an amount in dollars with at most two decimals",
  minimumPrice: "must be at least 1 $",
  addonPrice: "must be more than 0 $",
  addonNameTaken: "This plan has an add-on with this name already.",
  tooManyAddons: "A plan offers at most 10 add-ons. Remove one before adding another.",
} as const;

/** The most add-ons a plan offers (the checkout lists them all as checkboxes). */
export const MAX_PLAN_ADDONS = 10;

const text = (max: number) => z.string().trim().min(1, "is required").max(max);

/** An image for now is a web address or a path under this site (uploads will fill it in later). */
export const ImageReference = z
  .string()
  .trim()
  .min(1, "is required")
  .max(500)
  .refine((value) => /^https?:\/\/\S+$/i.test(value) || /^\/[^\s]*$/.test(value), catalogMessages.image);

export const ColourHex = z
  .string()
  .trim()
  .regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i, catalogMessages.colour);

/** Dollars with at most two decimals (the server keeps cents), up to a million. */
export const PriceDollars = z
  .number({ error: (issue) => (issue.input === undefined ? "is required" : "must be a number") })
  .nonnegative("must not be negative")
  .max(1_000_000)
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, catalogMessages.price);

/** A plan's selling price: at least the provider's smallest charge, rounded to 1 $. */
export const SellingPrice = PriceDollars.refine((value) => value >= 1, catalogMessages.minimumPrice);

export const ServiceBody = z.object({
  title: text(120),
  description: text(2000),
  image: ImageReference,
});
export type ServiceBody = z.infer<typeof ServiceBody>;

export const AdminService = Service.extend({
  position: z.number().int(),
  archived: z.boolean(),
}).meta({ id: "AdminService" });
export type AdminService = z.infer<typeof AdminService>;
export const AdminServiceList = z.array(AdminService);

/** The new order of a list: every id of it, once, first to last. */
export const ReorderBody = z.object({ ids: z.array(z.string().max(100)).min(1).max(1000) });
export type ReorderBody = z.infer<typeof ReorderBody>;

export const PlanFeature = z.object({
  name: text(60),
  detail: text(120),
  /** A tick (true) or a cross (false) on the card. */
  included: z.boolean(),
});
export type PlanFeature = z.infer<typeof PlanFeature>;

/** How many days the agency has for a period's work, from the brief (or the period's start). */
export const TurnaroundDays = z
  .number({ error: (issue) => (issue.input === undefined ? "is required" : "must be a number") })
  .int("must be a whole number of days")
  .min(1, "must be at least 1 day")
  .max(365, "must be at most 365 days");

/** The hours a period's work is expected to take: quarters of an hour, up to 10,000. */
export const ExpectedHours = z
  .number({ error: (issue) => (issue.input === undefined ? "is required" : "must be a number") })
  .min(0.25, "must be at least a quarter of an hour")
  .max(10_000, "must be at most 10,000 hours")
  .refine((hours) => Number.isInteger(hours * 4), "must be in quarters of an hour (0.25)");

/** Everything about a plan but its prices, which change through their own call. */
export const PlanDetailsBody = z.object({
  /** The plan's name, e.g. "Standard". */
  service: text(60),
  /** The tagline under the name. */
  title: text(200),
  duration: BillingDuration,
  /** The label under the price, e.g. "month". */
  month: text(30),
  features: z.array(PlanFeature).length(4, "must be exactly four"),
  highlighted: z.boolean(),
  backgroundColor: ColourHex,
  color: ColourHex,
  /** Days from the brief to the due date (7 for a new plan when left out; kept when left out of an edit). */
  turnaroundDays: TurnaroundDays.optional(),
  /** The hours a period's work should take (null: not said; kept when left out of an edit). */
  expectedHours: ExpectedHours.nullable().optional(),
  /** Whether the customer sees the hours spent on their order (kept when left out of an edit). */
  hoursToClient: z.boolean().optional(),
});
export type PlanDetailsBody = z.infer<typeof PlanDetailsBody>;

export const CreatePlanBody = PlanDetailsBody.extend({
  oldPrice: PriceDollars,
  newPrice: SellingPrice,
});
export type CreatePlanBody = z.infer<typeof CreatePlanBody>;

/**
 * A price change: new orders pay it at once. Subscriptions renew at the price they were bought at,
 * unless `applyToRenewals` is set; their customers are then mailed a notice.
 */
export const PlanPriceBody = z.object({
  oldPrice: PriceDollars,
  newPrice: SellingPrice,
  applyToRenewals: z.boolean(),
});
export type PlanPriceBody = z.infer<typeof PlanPriceBody>;

export const AdminPlan = PricingPlan.extend({
  position: z.number().int(),
  archived: z.boolean(),
  /** Orders ever placed for it: a plan with orders is archived, never deleted. */
  orders: z.number().int().nonnegative(),
  /** Subscriptions that will renew (active or past due). */
  subscribers: z.number().int().nonnegative(),
  /** Days from the brief to the due date. */
  turnaroundDays: z.number().int().positive(),
  expectedHours: z.number().nullable(),
  hoursToClient: z.boolean(),
  /** What customers may add at checkout, in the order the checkout lists them. */
  addons: z.array(PlanAddon),
}).meta({ id: "AdminPlan" });
export type AdminPlan = z.infer<typeof AdminPlan>;
export const AdminPlanList = z.array(AdminPlan);

export const PlanRemoval = z.object({
  /** True when the plan had no orders and is gone; otherwise it was archived. */
  deleted: z.boolean(),
  archived: z.boolean(),
});
export type PlanRemoval = z.infer<typeof PlanRemoval>;

export const PlanPriceChange = z.object({
  plan: AdminPlan,
  /** Subscriptions whose renewals now charge the new price. */
  renewalsChanged: z.number().int().nonnegative(),
  /** Notice mails queued for their customers. */
  noticesQueued: z.number().int().nonnegative(),
});
export type PlanPriceChange = z.infer<typeof PlanPriceChange>;

/**
 * An add-on of a plan, as the editor sends it. New orders pay its price at once; orders placed
 * before keep the price and billing they were bought with, renewals included.
 */
export const AddonBody = z.object({
  name: text(80),
  price: PriceDollars.refine((value) => value > 0, catalogMessages.addonPrice),
  /** true: charged again with every renewal of the plan; false: once, with the first payment. */
  recurring: z.boolean({ error: "must be once or every period" }),
});
export type AddonBody = z.infer<typeof AddonBody>;

export const AddonList = z.array(PlanAddon);
