import { Outlet } from "react-router";
import { BillingSwitch } from "../../features/catalog/components/billing-switch";
import { landing, pricing } from "../../lib/messages";
import { pageTitle, site } from "../../lib/site";
import type { Route } from "./+types/landing";

/** The landing page's own title; its monthly pricing children (/ and /home) keep it. */
export function landingMeta() {
  return [
    { title: pageTitle("Digital marketing agency") },
    { name: "description", content: `${site.name}: ${landing.heroLead}` },
  ];
}

export function meta(_: Route.MetaArgs) {
  return landingMeta();
}

export default function Landing() {
  return (
    <>
      <section className="hero py-5">
        <div className="container">
          <div className="row align-items-center g-5">
            <div className="col-12 col-lg-6">
              <h1 className="display-5 fw-bold mb-3">{landing.heroHeading}</h1>
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
    </>
  );
}
