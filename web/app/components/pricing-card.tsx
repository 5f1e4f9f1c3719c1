import type { PricingPlan } from "@agency/contract";
import { useId } from "react";
import { Link } from "react-router";
import { pricing } from "../lib/messages";
import { useMoney } from "../lib/money";
import { FeatureStatusIcon } from "./feature-status-icon";

/** The card body is a flex column and Buy Now sits at its bottom, level across a row of cards. */
export function PricingCard({ plan }: { plan: PricingPlan }) {
  const headingId = useId();
  const money = useMoney();
  const className = plan.highlighted
    ? "card h-100 pricing-card pricing-card--highlighted"
    : "card h-100 pricing-card";

  return (
    <article
      className={className}
      aria-labelledby={headingId}
      style={{ backgroundColor: plan.backgroundColor, color: plan.color }}
    >
      <div className="card-body d-flex flex-column p-4">
        {plan.highlighted ? (
          <span className="badge rounded-pill pricing-card__badge align-self-start mb-2">
            {pricing.mostPopular}
          </span>
        ) : null}
        <h3 id={headingId} className="h4 mb-1">
          {plan.service}
        </h3>
        <p className="pricing-card__title mb-3">{plan.title}</p>
        <p className="d-flex align-items-baseline flex-wrap gap-2 mb-4">
          <span className="pricing-card__price">{money(plan.newPrice, plan.currency)}</span>
          <del className="pricing-card__old-price">
            <span className="visually-hidden">{pricing.was} </span>
            <span>{money(plan.oldPrice, plan.currency)}</span>
          </del>
          <span className="pricing-card__period">/ {plan.month}</span>
        </p>
        <ul className="list-unstyled mb-4 d-grid gap-3">
          {plan.serviceName.map((name, index) => (
            <li key={name} className="d-flex gap-2 align-items-start">
              <FeatureStatusIcon included={plan.included[index] ?? false} />
              <span>
                <strong className="d-block">{name}</strong>
                <span className="pricing-card__detail">{plan.serviceTitle[index]}</span>
              </span>
            </li>
          ))}
        </ul>
        <Link
          to={`/checkout/${plan._id}`}
          className={`btn btn-lg w-100 mt-auto ${plan.highlighted ? "btn-light" : "btn-primary"}`}
          aria-label={`${pricing.buy}: ${plan.service}, ${plan.duration}`}
        >
          {pricing.buy}
        </Link>
      </div>
    </article>
  );
}
