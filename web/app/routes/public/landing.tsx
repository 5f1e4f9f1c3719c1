import { lazy, Suspense } from "react";
import { Outlet } from "react-router";
import { BillingSwitch } from "../../features/catalog/components/billing-switch";
import { landing, pricing } from "../../lib/messages";
import { pageMeta } from "../../lib/meta";
import { site } from "../../lib/site";
import type { Route } from "./+types/landing";

// The sections around the pricing hydrate from chunks of their own, so the first download stays
// small; their HTML is in the prerendered page from the start (see entry.server.tsx).
const ShowcaseSections = lazy(() =>
  import("../../features/marketing/components/showcase-sections").then((m) => ({
    default: m.ShowcaseSections,
  })),
);
const EngagementSections = lazy(() =>
  import("../../features/marketing/components/engagement-sections").then((m) => ({
    default: m.EngagementSections,
  })),
);

/** The landing page's own tags; its monthly pricing children (/ and /home) keep them. */
export function landingMeta() {
  return pageMeta({
    title: "Digital marketing agency",
    description: `${site.name}: ${landing.heroLead}`,
    canonicalPath: "/",
  });
}

export function meta(_: Route.MetaArgs) {
  return landingMeta();
}

/** SPEC §2 Landing: hero, brands, services, campaigns, pricing, project idea, query form, reviews. */
export default function Landing() {
  return (
    <>
      <section className="hero py-5" aria-labelledby="hero-heading">
        <div className="container">
          <div className="row align-items-center g-4 g-lg-5">
            <div className="col-12 col-lg-6">
              <h1 id="hero-heading" className="display-5 fw-bold mb-3">
                {landing.heroHeading}
              </h1>
              <p className="lead mb-4">{landing.heroLead}</p>
              <a href="#pricing" className="btn btn-primary btn-lg">
                {landing.heroCallToAction}
              </a>
            </div>
            <div className="col-12 col-lg-6">
              <img
                src="/images/hero.svg"
                alt=""
                width="560"
                height="420"
                className="img-fluid d-block mx-auto"
                fetchPriority="high"
              />
            </div>
          </div>
        </div>
      </section>

      <Suspense fallback={null}>
        <ShowcaseSections />
      </Suspense>

      <section id="pricing" className="pricing py-5" aria-labelledby="pricing-heading">
        <div className="container">
          <h2 id="pricing-heading" className="text-center fw-bold mb-2">
            {pricing.heading}
          </h2>
          <p className="text-center text-body-secondary mb-4">{pricing.lead}</p>
          <BillingSwitch />
          <Outlet />
        </div>
      </section>

      <Suspense fallback={null}>
        <EngagementSections />
      </Suspense>
    </>
  );
}
