import { services } from "../../../lib/messages";
import { ServicesList } from "../../catalog/components/services-list";
import { BrandCarousel } from "./brand-carousel";
import { Campaigns } from "./campaigns";

/** SPEC §2 Landing, between the hero and the pricing: brands, services and campaigns. */
export function ShowcaseSections() {
  return (
    <>
      <BrandCarousel />
      <section id="services" className="services py-5" aria-labelledby="services-heading">
        <div className="container">
          <h2 id="services-heading" className="text-center fw-bold mb-2">
            {services.heading}
          </h2>
          <p className="text-center text-body-secondary mb-5 mx-auto section-lead">{services.lead}</p>
          <ServicesList />
        </div>
      </section>
      <Campaigns />
    </>
  );
}
