import { usePageTexts } from "../../../lib/site";

/** SPEC §2 Landing: the campaign sections (the owner's texts), text beside an illustration, alternating sides. */
export function Campaigns() {
  const sections = usePageTexts().campaigns;
  return (
    <div className="campaigns py-5">
      <div className="container d-grid gap-5">
        {sections.map((section, index) => {
          const imageFirst = index % 2 === 1;
          return (
            <section key={section.heading} className="row align-items-center g-4 g-lg-5">
              <div className={imageFirst ? "col-12 col-md-6 order-md-2" : "col-12 col-md-6"}>
                <p className="campaigns__eyebrow small fw-semibold text-uppercase mb-2">{section.eyebrow}</p>
                <h2 className="fw-bold mb-3">{section.heading}</h2>
                <p className="mb-3">{section.body}</p>
                <ul className="campaigns__points list-unstyled d-grid gap-2 mb-0">
                  {section.points.map((point) => (
                    <li key={point} className="d-flex gap-2 align-items-start">
                      <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                        <circle cx="10" cy="10" r="9" fill="currentColor" opacity="0.15" />
                        <path
                          d="M5.8 10.4l2.8 2.8 5.6-6"
                          fill="none"
                          stroke="currentColor"
                          strokeWidth="2.2"
                          strokeLinecap="round"
                          strokeLinejoin="round"
                        />
                      </svg>
                      <span>{point}</span>
                    </li>
                  ))}
                </ul>
              </div>
              <div className={imageFirst ? "col-12 col-md-6 order-md-1" : "col-12 col-md-6"}>
                <img
                  src={section.image}
                  alt={section.imageAlt}
                  width="560"
                  height="420"
                  className="img-fluid d-block mx-auto"
                  loading="lazy"
                />
              </div>
            </section>
          );
        })}
      </div>
    </div>
  );
}
