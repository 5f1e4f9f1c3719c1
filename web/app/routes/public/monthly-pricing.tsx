import { PricingPlans } from "../../features/catalog/components/pricing-plans";
import type { Route } from "./+types/monthly-pricing";
import { landingMeta } from "./landing";

export function meta({ matches }: Route.MetaArgs) {
  return landingMeta(matches);
}

export default function MonthlyPricing() {
  return <PricingPlans duration="monthly" />;
}
