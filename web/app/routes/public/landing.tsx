import { lazy, Suspense } from "react";
import { Outlet } from "react-router";
import { PageHeader } from "../../components/page-header";
import { PageSection } from "../../components/page-section";
import { BillingSwitch } from "../../features/catalog/components/billing-switch";
import { leadFormAction } from "../../features/leads/form-action.server";
import { useInitialData } from "../../lib/initial-data";
import { pricing } from "../../lib/messages";
import { pageMeta } from "../../lib/meta";
import { pageQueries } from "../../lib/page-queries.server";
import { pageTextsOf, siteOf, usePageTexts } from "../../lib/site";
import { whenNear } from "../../lib/when-near";
import type { Route } from "./+types/landing";

// The sections around the pricing hydrate from chunks of their own, fetched when the visitor
// nears them, so the first download stays small; their HTML is in the server-rendered page from
// the start (see entry.server.tsx), and stays as it is until their code arrives.
const ShowcaseSections = lazy(() =>
  whenNear("section.hero + *")
    .then(() => import("./landing-sections/showcase-sections"))
    .then((m) => ({ default: m.ShowcaseSections })),
);
const EngagementSections = lazy(() =>
  whenNear("section.project-idea")
    .then(() => import("./landing-sections/engagement-sections"))
    .then((m) => ({ default: m.EngagementSections })),
);

/** The landing page's own tags; its monthly pricing children (/ and /home) keep them. */
export function landingMeta(matches: Parameters<typeof siteOf>[0]) {
  const site = siteOf(matches);
  const lead = pageTextsOf(matches)?.hero.lead ?? "";
  return pageMeta({
    site,
    title: "Digital marketing agency",
    description: site ? `${site.name}: ${lead}` : lead,
    canonicalPath: "/",
  });
}

/**
 * The services, plans and reviews, in the page's HTML. Moving between the pricing tabs (/, /home,
 * /yearly-billed) keeps this route matched, so they are not read again.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return { queries: await pageQueries(context, ["services", "pricing", "reviews"]) };
}

/**
 * The query and newsletter forms, posted without JavaScript (their action is "/" from every pricing
 * tab): the page again, with the form's answer.
 */
export function action(args: Route.ActionArgs) {
  return leadFormAction(args, ["query", "newsletter"]);
}

export function meta({ matches }: Route.MetaArgs) {
  return landingMeta(matches);
}

/** SPEC §2 Landing: hero, brands, services, campaigns, pricing, project idea, query form, reviews. */
export default function Landing({ loaderData, actionData }: Route.ComponentProps) {
  useInitialData(loaderData.queries);
  const { hero } = usePageTexts();
  return (
    <>
      <PageHeader
        id="hero-heading"
        heading={hero.heading}
        lead={hero.lead}
        image={{ src: hero.image, alt: "", width: 560, height: 420 }}
        className="hero"
        headingClassName="display-5 fw-bold mb-3"
      >
        <a href="#pricing" className="btn btn-primary btn-lg">
          {hero.callToAction}
        </a>
      </PageHeader>

      <Suspense fallback={null}>
        <ShowcaseSections />
      </Suspense>

      <PageSection
        id="pricing-heading"
        anchor="pricing"
        heading={pricing.heading}
        headingClassName="text-center fw-bold mb-2"
        lead={pricing.lead}
        leadClassName="text-center text-body-secondary mb-4"
        className="pricing"
      >
        {/* A boundary of its own: React hydrates the plans after the first screen, in a pass of
            their own, rather than in one long task with everything above them. */}
        <Suspense fallback={null}>
          <BillingSwitch />
          <Outlet />
        </Suspense>
      </PageSection>

      <Suspense fallback={null}>
        <EngagementSections posted={actionData} />
      </Suspense>
    </>
  );
}
