import type { BillingDuration } from "@agency/contract";
import { LoadError } from "../../../components/load-error";
import { LoadingScreen } from "../../../components/loading-screen";
import { PricingCard } from "../../../components/pricing-card";
import { pricing } from "../../../lib/messages";
import { usePricing } from "../api/catalog";

/** The pricing cards of one billing duration, with their loading and error states. */
export function PricingPlans({ duration }: { duration: BillingDuration }) {
  const query = usePricing({ duration });
  const { data: plans, isPending, isError } = query;

  if (isPending) return <LoadingScreen label={pricing.loading} inline />;
  if (isError) return <LoadError message={pricing.loadFailed} query={query} />;

  if (plans.length === 0) {
    return <p className="text-center text-body-secondary py-5">{pricing.empty}</p>;
  }

  return (
    <ul className="row g-4 list-unstyled justify-content-center mb-0">
      {plans.map((plan) => (
        <li key={plan._id} className="col-12 col-md-6 col-lg-4">
          <PricingCard plan={plan} />
        </li>
      ))}
    </ul>
  );
}
