import { ContactForm } from "../../features/leads/components/contact-form";
import { OfficeLocation } from "../../features/site/components/office-location";
import { contact } from "../../lib/messages";
import { pageMeta } from "../../lib/meta";
import type { Route } from "./+types/contact-us";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Contact us",
    description: `${contact.lead} ${contact.promise}`,
    canonicalPath: "/contact-us",
  });
}

/** SPEC §2 Contact screen. */
export default function ContactUs() {
  return (
    <>
      <section className="page-header py-5" aria-labelledby="contact-heading">
        <div className="container">
          <div className="row align-items-center g-4">
            <div className="col-12 col-md-7">
              <h1 id="contact-heading" className="display-6 fw-bold mb-3">
                {contact.heading}
              </h1>
              <p className="lead mb-0">{contact.lead}</p>
            </div>
            <div className="col-12 col-md-5">
              <img
                src="/images/contact.svg"
                alt={contact.imageAlt}
                width="480"
                height="360"
                className="img-fluid d-block mx-auto"
                fetchPriority="high"
              />
            </div>
          </div>
        </div>
      </section>
      <div className="container py-5">
        {/* SPEC §2: each half-width from md upward, full width below. Gutters stay within the
            container's padding on phones, or the page would scroll sideways. */}
        <div className="row g-4 g-lg-5">
          <div className="col-12 col-md-6">
            <ContactForm />
          </div>
          <div className="col-12 col-md-6">
            <OfficeLocation />
          </div>
        </div>
      </div>
    </>
  );
}
