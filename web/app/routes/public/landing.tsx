import { lazy, Suspense } from "react";
import { Outlet } from "react-router";
import { LoadingStatus } from "../../components/query-status";
import { BillingSwitch } from "../../features/catalog/components/billing-switch";
import { Campaigns } from "../../features/marketing/components/campaigns";
import { ProjectIdea } from "../../features/marketing/components/project-idea";
import { landing, pricing, reviews, services } from "../../lib/messages";
import { pageMeta } from "../../lib/meta";
import { site } from "../../lib/site";
import type { Route } from "./+types/landing";

// The sections below the hero hydrate from chunks of their own, so the page's first download stays
// small; their HTML is in the prerendered page from the start (see entry.server.tsx).
const BrandCarousel = lazy(() =>
  import("../../features/marketing/components/brand-carousel").then((m) => ({ default: m.BrandCarousel })),
);
const ServicesList = lazy(() =>
  import("../../features/catalog/components/services-list").then((m) => ({ default: m.ServicesList })),
);
const QueryForm = lazy(() =>
  import("../../features/leads/components/query-form").then((m) => ({ default: m.QueryForm })),
);
const ReviewsCarousel = lazy(() =>
  import("../../features/catalog/components/reviews-carousel").then((m) => ({ default: m.ReviewsCarousel })),
);
const NewsletterForm = lazy(() =>
  import("../../features/leads/components/newsletter-form").then((m) => ({ default: m.NewsletterForm })),
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
          <div className="row align-items-center g-5">
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
        <Suspense fallback={null}>
          <BrandCarousel />
        </Suspense>
      </Suspense>

      <section id="services" className="services py-5" aria-labelledby="services-heading">
        <div className="container">
          <h2 id="services-heading" className="text-center fw-bold mb-2">
            {services.heading}
          </h2>
          <p className="text-center text-body-secondary mb-5 mx-auto section-lead">{services.lead}</p>
          <Suspense fallback={<LoadingStatus label={services.loading} />}>
            <Suspense fallback={<LoadingStatus label={services.loading} />}>
              <ServicesList />
            </Suspense>
          </Suspense>
        </div>
      </section>

      <Campaigns />

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

      <ProjectIdea />
      <Suspense fallback={null}>
        <QueryForm />
      </Suspense>

      <section className="reviews py-5" aria-labelledby="reviews-heading">
        <div className="container">
          <h2 id="reviews-heading" className="text-center fw-bold mb-5">
            {reviews.heading}
          </h2>
          <Suspense fallback={<LoadingStatus label={reviews.loading} />}>
            <Suspense fallback={<LoadingStatus label={reviews.loading} />}>
              <ReviewsCarousel />
            </Suspense>
          </Suspense>
        </div>
      </section>

      <Suspense fallback={null}>
        <NewsletterForm />
      </Suspense>
    </>
  );
}
