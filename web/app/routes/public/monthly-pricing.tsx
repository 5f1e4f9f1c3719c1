import { PricingPlans } from "../../features/catalog/components/pricing-plans";
import { landing } from "../../lib/messages";
import { pageTitle } from "../../lib/site";
import type { Route } from "./+types/monthly-pricing";

export function meta(_: Route.MetaArgs) {
  return [
    { title: pageTitle("Monthly pricing plans") },
    { name: "description", content: `${landing.heroLead} Compare our plans billed monthly.` },
  ];
}

export default function MonthlyPricing() {
  return <PricingPlans duration="monthly" />;
}
