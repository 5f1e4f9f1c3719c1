import { PageSection } from "../../../components/page-section";
import { ServicesList } from "../../../features/catalog/components/services-list";
import { BrandCarousel } from "../../../features/marketing/components/brand-carousel";
import { Campaigns } from "../../../features/marketing/components/campaigns";
import { services } from "../../../lib/messages";

/** SPEC §2 Landing, between the hero and the pricing: brands, services and campaigns. */
export function ShowcaseSections() {
  return (
    <>
      <BrandCarousel />
      <PageSection
        id="services-heading"
        anchor="services"
        heading={services.heading}
        headingClassName="text-center fw-bold mb-2"
        lead={services.lead}
        leadClassName="text-center text-body-secondary mb-5 mx-auto section-lead"
        className="services"
      >
        <ServicesList />
      </PageSection>
      <Campaigns />
    </>
  );
}
