import { PricingPlans } from "../../features/catalog/components/pricing-plans";
import { landing } from "../../lib/messages";
import { pageMeta } from "../../lib/meta";
import type { Route } from "./+types/yearly-pricing";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Yearly pricing plans",
    description: `${landing.heroLead} Compare our plans billed yearly.`,
    canonicalPath: "/yearly-billed",
  });
}

export default function YearlyPricing() {
  return <PricingPlans duration="yearly" />;
}
