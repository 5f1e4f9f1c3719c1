import { PlansEditor } from "../../features/catalog/components/plans-editor";
import { ServicesEditor } from "../../features/catalog/components/services-editor";
import { catalogEditor as t } from "../../lib/messages";
import { pageTitle, siteOf } from "../../lib/site";
import type { Route } from "./+types/catalog";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t.heading, siteOf(matches)) }, { name: "robots", content: "noindex" }];
}

/** DESIGN "Beyond the spec" 13: the owner edits the services and plans the public pages show. */
export default function CatalogEditor() {
  return (
    <section aria-labelledby="catalog-heading">
      <h1 id="catalog-heading" className="h4 mb-1">
        {t.heading}
      </h1>
      <p className="text-body-secondary">{t.lead}</p>
      <section aria-labelledby="catalog-services-heading" className="mb-5">
        <h2 id="catalog-services-heading" className="h5 mb-3">
          {t.servicesHeading}
        </h2>
        <ServicesEditor />
      </section>
      <section aria-labelledby="catalog-plans-heading">
        <h2 id="catalog-plans-heading" className="h5 mb-3">
          {t.plansHeading}
        </h2>
        <PlansEditor />
      </section>
    </section>
  );
}
