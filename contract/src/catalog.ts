import { z } from "zod";
import { Dollars } from "./common.js";

export const BillingDuration = z.enum(["monthly", "yearly"]);
export type BillingDuration = z.infer<typeof BillingDuration>;

export const Service = z
  .object({
    _id: z.string(),
    image: z.string(),
    title: z.string(),
    description: z.string(),
  })
  .meta({ id: "Service" });
export type Service = z.infer<typeof Service>;

export const PricingPlan = z
  .object({
    _id: z.string(),
    /** The plan's quality label, e.g. "Standard" or "Premium". */
    service: z.string(),
    newPrice: Dollars,
    oldPrice: Dollars,
    /** The currency both prices are in: the shop's (lower case ISO 4217, e.g. "usd"). */
    currency: z.string(),
    /** Label under the price, e.g. "month" or "year". */
    month: z.string(),
    duration: BillingDuration,
    title: z.string(),
    backgroundColor: z.string(),
    color: z.string(),
    /** The four feature names. */
    serviceName: z.array(z.string()),
    /** The four feature details, in the same order as serviceName. */
    serviceTitle: z.array(z.string()),
    /** Tick (true) or cross (false) beside each feature, in the same order. */
    included: z.array(z.boolean()),
    highlighted: z.boolean(),
  })
  .meta({ id: "PricingPlan" });
export type PricingPlan = z.infer<typeof PricingPlan>;

export const PricingList = z.array(PricingPlan);

/**
 * Something a customer may add to a plan at checkout, at its own price: charged once with the
 * first payment, or every period with the plan's renewals (`recurring`).
 */
export const PlanAddon = z
  .object({
    _id: z.string(),
    name: z.string(),
    price: Dollars,
    recurring: z.boolean(),
  })
  .meta({ id: "PlanAddon" });
export type PlanAddon = z.infer<typeof PlanAddon>;

/**
 * The add-ons a customer ticked at checkout, by id. Only a choice: their names and prices are the
 * catalog's. One that is not an add-on of the plan, or is listed twice, is refused (400).
 */
export const AddonIds = z.array(z.string().max(100)).max(50);

/** The checkout's words for add-ons the server refuses. */
export const addonMessages = {
  unknown: "must be add-ons of this plan, each listed once",
} as const;

/** GET /pricing/{id}/terms: the add-ons ticked so far, their ids separated by commas. */
export const PlanTermsQuery = z.object({
  addonIds: z
    .string()
    .max(2000)
    .optional()
    .transform((value) => (value ? value.split(",").filter(Boolean) : [])),
});
export type PlanTermsQuery = z.infer<typeof PlanTermsQuery>;

/** GET /pricing/{id}: the plan being checked out, with the add-ons it offers, in their order. */
export const CheckoutPlan = PricingPlan.extend({ addons: z.array(PlanAddon) }).meta({ id: "CheckoutPlan" });
export type CheckoutPlan = z.infer<typeof CheckoutPlan>;

export const Review = z
  .object({
    _id: z.string(),
    name: z.string(),
    comment: z.string(),
    profilePicture: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "Review" });
export type Review = z.infer<typeof Review>;

export const ReviewCount = z.object({ count: z.number().int().nonnegative() });
export type ReviewCount = z.infer<typeof ReviewCount>;

export const ServiceList = z.array(Service);
export const ReviewList = z.array(Review);
