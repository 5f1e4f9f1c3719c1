import { PricingPlans } from "../../features/catalog/components/pricing-plans";
import { pageMeta } from "../../lib/meta";
import { pageTextsOf, siteOf } from "../../lib/site";
import type { Route } from "./+types/yearly-pricing";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    site: siteOf(matches),
    title: "Yearly pricing plans",
    description: `${pageTextsOf(matches)?.hero.lead ?? ""} Compare our plans billed yearly.`.trim(),
    canonicalPath: "/yearly-billed",
  });
}

export default function YearlyPricing() {
  return <PricingPlans duration="yearly" />;
}
