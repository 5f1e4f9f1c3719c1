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
