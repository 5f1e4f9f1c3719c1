import { PageHeader } from "../../components/page-header";
import { ContactForm } from "../../features/leads/components/contact-form";
import { leadFormAction } from "../../features/leads/form-action.server";
import { resultFor } from "../../features/leads/form-result";
import { OfficeLocation } from "../../features/site/components/office-location";
import { contact } from "../../lib/messages";
import { pageMeta } from "../../lib/meta";
import { siteOf } from "../../lib/site";
import type { Route } from "./+types/contact-us";

/** The contact form, posted without JavaScript: the page again, with the form's answer. */
export function action(args: Route.ActionArgs) {
  return leadFormAction(args, ["contact"]);
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    site: siteOf(matches),
    title: "Contact us",
    description: `${contact.lead} ${contact.promise}`,
    canonicalPath: "/contact-us",
  });
}

/** SPEC §2 Contact screen. */
export default function ContactUs({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        id="contact-heading"
        heading={contact.heading}
        lead={contact.lead}
        image={{ src: "/images/contact.svg", alt: contact.imageAlt, width: 480, height: 360 }}
        splitAt="md"
      />
      <div className="container py-5">
        {/* SPEC §2: each half-width from md upward, full width below. Gutters stay within the
            container's padding on phones, or the page would scroll sideways. */}
        <div className="row g-4 g-lg-5">
          <div className="col-12 col-md-6">
            <ContactForm action="/contact-us" result={resultFor(actionData, "contact")} />
          </div>
          <div className="col-12 col-md-6">
            <OfficeLocation />
          </div>
        </div>
      </div>
    </>
  );
}
