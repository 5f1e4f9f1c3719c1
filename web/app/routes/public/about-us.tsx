import { Link } from "react-router";
import { PageHeader } from "../../components/page-header";
import { PageSection } from "../../components/page-section";
import { about as labels } from "../../lib/messages";
import { pageMeta } from "../../lib/meta";
import { pageTextsOf, siteOf, usePageTexts, useSite } from "../../lib/site";
import type { Route } from "./+types/about-us";

export function meta({ matches }: Route.MetaArgs) {
  const about = pageTextsOf(matches)?.about;
  return pageMeta({
    site: siteOf(matches),
    title: about?.heading ?? "",
    description: about?.lead ?? "",
    canonicalPath: "/about-us",
  });
}

/** SPEC §2 About page. */
export default function AboutUs() {
  const site = useSite();
  const { about } = usePageTexts();
  return (
    <>
      <PageHeader
        id="about-heading"
        heading={about.heading}
        lead={about.lead}
        image={{ src: about.image, alt: about.imageAlt, width: 560, height: 420 }}
      />

      <PageSection id="story-heading" heading={labels.storyHeading} containerClassName="prose">
        {about.story.map((paragraph, index) => (
          <p key={paragraph} className={index === about.story.length - 1 ? "mb-0" : undefined}>
            {paragraph.replaceAll("{name}", site.name)}
          </p>
        ))}
      </PageSection>

      <PageSection
        id="values-heading"
        heading={labels.valuesHeading}
        headingClassName="fw-bold text-center mb-4"
        className="about-values"
      >
        <ul className="row g-4 list-unstyled mb-0">
          {about.values.map((value) => (
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
        heading={labels.numbersHeading}
        headingClassName="fw-bold mb-4"
        containerClassName="text-center"
      >
        {about.numbers.length > 0 ? (
          <dl className="row g-4 mb-5">
            {about.numbers.map((number) => (
              <div key={number.label} className="col-12 col-sm-4">
                <dt className="about-number display-5 fw-bold">{number.value}</dt>
                <dd className="mb-0 text-body-secondary">{number.label}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <Link to="/contact-us" className="btn btn-primary btn-lg">
          {labels.callToAction}
        </Link>
      </PageSection>
    </>
  );
}
