import { z } from "zod";
import { AddonIds } from "./catalog.js";
import { Dollars } from "./common.js";

/** SPEC §5 and §8: the checkout's promo box messages, spelled as there. */
export const promoMessages = {
  empty: "Please enter your promo code.",
  invalid: "Opps! Promo code is not valid.",
  /** The editor's refusals. */
  taken: "Another promo code has this code already.",
  planMissing: "must be a plan of the catalog",
  percentRange: "must be a whole percentage from 1 to 100",
  validRange: "must be after the start",
} as const;

export const PromoKind = z.enum(["percent", "fixed"]);
export type PromoKind = z.infer<typeof PromoKind>;
/** first: only the first payment is discounted; every: every renewal too. */
export const PromoAppliesTo = z.enum(["first", "every"]);
export type PromoAppliesTo = z.infer<typeof PromoAppliesTo>;

const Instant = z.iso.datetime({ offset: true });

export const PromoCodeBody = z
  .object({
    /** Letters, digits, - and _; matched whatever the case. */
    code: z
      .string()
      .trim()
      .min(3, "must be at least 3 characters")
      .max(40)
      .regex(/^[A-Za-z0-9_-]+$/, "may use letters, digits, - and _ only"),
    kind: PromoKind,
    /** A percentage (percent) or dollars (fixed). */
    value: z.number().positive("must be more than 0").max(1_000_000),
    validFrom: Instant.nullable(),
    validTo: Instant.nullable(),
    /** How many orders may use it; null: no limit. */
    maxUses: z.number().int().min(1).max(1_000_000).nullable(),
    /** One plan's id, or null for every plan. */
    planId: z.string().max(100).nullable(),
    appliesTo: PromoAppliesTo,
    disabled: z.boolean(),
  })
  .superRefine((body, ctx) => {
    if (body.kind === "percent" && (!Number.isInteger(body.value) || body.value > 100)) {
      ctx.addIssue({ code: "custom", path: ["value"], message: promoMessages.percentRange });
    }
    if (body.kind === "fixed" && Math.abs(Math.round(body.value * 100) - body.value * 100) > 1e-6) {
      ctx.addIssue({ code: "custom", path: ["value"], message: "must be dollars with at most two decimals" });
    }
    if (body.validFrom && body.validTo && Date.parse(body.validTo) <= Date.parse(body.validFrom)) {
      ctx.addIssue({ code: "custom", path: ["validTo"], message: promoMessages.validRange });
    }
  });
export type PromoCodeBody = z.infer<typeof PromoCodeBody>;

export const PromoCode = z
  .object({
    _id: z.string(),
    code: z.string(),
    kind: PromoKind,
    value: z.number(),
    validFrom: z.string().nullable(),
    validTo: z.string().nullable(),
    maxUses: z.number().int().nullable(),
    uses: z.number().int().nonnegative(),
    planId: z.string().nullable(),
    /** The plan's name and billing, e.g. "Premium (yearly)"; null for every plan. */
    planLabel: z.string().nullable(),
    appliesTo: PromoAppliesTo,
    disabled: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: "PromoCode" });
export type PromoCode = z.infer<typeof PromoCode>;
export const PromoCodeList = z.array(PromoCode);

/**
 * The checkout's Apply: what the code takes off this plan with the add-ons ticked. A code's
 * discount is on the whole order (the plan and its add-ons together): a percentage of their sum,
 * or a fixed amount off it, never below the smallest card charge; a code for every payment takes
 * the same off each renewal's sum (the plan and the add-ons charged every period).
 */
export const PromoQuoteBody = z.object({
  code: z.string().trim().max(100),
  planId: z.string().max(100),
  addonIds: AddonIds.optional(),
});
export type PromoQuoteBody = z.infer<typeof PromoQuoteBody>;

/**
 * What paying now costs and what follows, as the billing clock sees it: the first charge, and for
 * a monthly or yearly plan the renewal's amount and the date it is first charged (one period after
 * a payment made now). A plan that does not renew has no renewal.
 */
export const RenewalTerms = z
  .object({
    firstCharge: Dollars,
    /** The currency of both amounts. */
    currency: z.string(),
    renewal: z
      .object({
        amount: Dollars,
        interval: z.enum(["monthly", "yearly"]),
        firstRenewalAt: z.string(),
      })
      .nullable(),
  })
  .meta({ id: "RenewalTerms" });
export type RenewalTerms = z.infer<typeof RenewalTerms>;

export const PromoQuote = z.object({
  code: z.string(),
  /** The plan's price and the add-ons' together. */
  subtotal: Dollars,
  discount: Dollars,
  total: Dollars,
  /** The currency of the three amounts: the shop's. */
  currency: z.string(),
  appliesTo: PromoAppliesTo,
  terms: RenewalTerms,
});
export type PromoQuote = z.infer<typeof PromoQuote>;
