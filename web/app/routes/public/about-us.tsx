import { Link } from "react-router";
import { PageHeader } from "../../components/page-header";
import { PageSection } from "../../components/page-section";
import { about } from "../../lib/messages";
import { pageMeta } from "../../lib/meta";
import { site } from "../../lib/site";
import type { Route } from "./+types/about-us";

export function meta(_: Route.MetaArgs) {
  return pageMeta({ title: about.heading, description: about.lead, canonicalPath: "/about-us" });
}

const values = [
  {
    title: "Measure first",
    body: "We agree on the numbers that matter before we spend a dollar, and we show you those numbers every month.",
  },
  {
    title: "Say it plainly",
    body: "No jargon in our reports and no surprises on our invoices. If something is not working, you hear it from us first.",
  },
  {
    title: "Build to last",
    body: "Pages, campaigns and content that keep working after the launch, on accounts and tools that stay yours.",
  },
];

const numbers = [
  { value: "120+", label: "businesses helped to grow" },
  { value: "9", label: "years of campaigns behind us" },
  { value: "24 h", label: "longest wait for an answer" },
];

/** SPEC §2 About page. */
export default function AboutUs() {
  return (
    <>
      <PageHeader
        id="about-heading"
        heading={about.heading}
        lead={about.lead}
        image={{ src: "/images/about.svg", alt: about.imageAlt, width: 560, height: 420 }}
      />

      <PageSection id="story-heading" heading={about.storyHeading} containerClassName="prose">
        <p>
          {site.name} started as two people helping the shops on their street get found online. Word
          travelled, and today we are a small, senior team of strategists, designers, developers and writers.
        </p>
        <p className="mb-0">
          We still work the way we began: one team that knows your business, a plan with numbers in it, and
          honest reports on what every campaign brought back. Most of our clients came to us through another
          client, and most of them stay for years.
        </p>
      </PageSection>

      <PageSection
        id="values-heading"
        heading={about.valuesHeading}
        headingClassName="fw-bold text-center mb-4"
        className="about-values"
      >
        <ul className="row g-4 list-unstyled mb-0">
          {values.map((value) => (
            <li key={value.title} className="col-12 col-md-4">
              <div className="card h-100 p-4">
                <h3 className="h5">{value.title}</h3>
                <p className="mb-0 text-body-secondary">{value.body}</p>
              </div>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection
        id="numbers-heading"
        heading={about.numbersHeading}
        headingClassName="fw-bold mb-4"
        containerClassName="text-center"
      >
        <dl className="row g-4 mb-5">
          {numbers.map((number) => (
            <div key={number.label} className="col-12 col-sm-4">
              <dt className="about-number display-5 fw-bold">{number.value}</dt>
              <dd className="mb-0 text-body-secondary">{number.label}</dd>
            </div>
          ))}
        </dl>
        <Link to="/contact-us" className="btn btn-primary btn-lg">
          {about.callToAction}
        </Link>
      </PageSection>
    </>
  );
}
