import { PricingPlans } from "../../features/catalog/components/pricing-plans";
import { landing } from "../../lib/messages";
import { pageTitle } from "../../lib/site";
import type { Route } from "./+types/yearly-pricing";

export function meta(_: Route.MetaArgs) {
  return [
    { title: pageTitle("Yearly pricing plans") },
    { name: "description", content: `${landing.heroLead} Compare our plans billed yearly.` },
  ];
}

export default function YearlyPricing() {
  return <PricingPlans duration="yearly" />;
}
