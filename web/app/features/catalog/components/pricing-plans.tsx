import type { BillingDuration } from "@agency/contract";
import { useId } from "react";
import { Spinner } from "react-bootstrap";
import { PricingCard } from "../../../components/pricing-card";
import { errorMessage } from "../../../lib/api";
import { pricing } from "../../../lib/messages";
import { usePricing } from "../api/get-pricing";

/** The pricing cards of one billing duration, with their loading and error states. */
export function PricingPlans({ duration }: { duration: BillingDuration }) {
  const { data: plans, error, isPending, isError, refetch, isRefetching } = usePricing({ duration });
  const loadingLabelId = useId();

  if (isPending) {
    return (
      <div className="d-flex justify-content-center py-5">
        <Spinner animation="border" role="status" variant="primary" aria-labelledby={loadingLabelId}>
          <span id={loadingLabelId} className="visually-hidden">
            {pricing.loading}
          </span>
        </Spinner>
      </div>
    );
  }

  if (isError) {
    return (
      <div role="alert" className="text-center py-5">
        <p className="fw-semibold mb-1">{pricing.loadFailed}</p>
        <p className="text-body-secondary">{errorMessage(error)}</p>
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={() => refetch()}
          disabled={isRefetching}
        >
          {pricing.retry}
        </button>
      </div>
    );
  }

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
