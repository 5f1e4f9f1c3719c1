import type { PricingPlan } from "@agency/contract";

const features = ["Keyword research", "Social media posts", "Paid ads management", "Dedicated strategist"];

function plan(overrides: Partial<PricingPlan> & Pick<PricingPlan, "_id" | "service">): PricingPlan {
  return {
    newPrice: 19,
    oldPrice: 39,
    currency: "usd",
    month: "month",
    duration: "monthly",
    title: "For small teams",
    backgroundColor: "#ffffff",
    color: "#14163a",
    serviceName: features,
    serviceTitle: ["Up to 10 keywords", "8 posts a month", "One ad channel", "A named expert"],
    highlighted: false,
    // SPEC §2 Pricing: the fourth feature ticked only on Premium, the third crossed on Standard.
    included: [true, true, overrides.service !== "Standard", overrides.service === "Premium"],
    ...overrides,
  };
}

export const standardMonthly = plan({ _id: "m-standard", service: "Standard", newPrice: 19, oldPrice: 39 });
export const premiumMonthly = plan({
  _id: "m-premium",
  service: "Premium",
  newPrice: 49,
  oldPrice: 79,
  backgroundColor: "#3b3fd8",
  color: "#ffffff",
  highlighted: true,
});
export const extendedMonthly = plan({ _id: "m-extended", service: "Extended", newPrice: 29, oldPrice: 59 });
const standardYearly = plan({
  _id: "y-standard",
  service: "Standard",
  newPrice: 190,
  oldPrice: 390,
  month: "year",
  duration: "yearly",
});

export const pricingFixture: PricingPlan[] = [
  standardMonthly,
  premiumMonthly,
  extendedMonthly,
  standardYearly,
];
