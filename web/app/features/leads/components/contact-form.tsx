import { useId } from "react";
import { contact } from "../../../lib/messages";
import { useSendContactMessage } from "../api/leads";
import type { LeadFormResult } from "../form-result";
import { useLeadForm } from "../use-lead-form";
import { contactProblem } from "../validation";
import { LeadField } from "./lead-field";
import { LeadFormNotice } from "./lead-form-notice";

type Props = {
  /** The contact page's path, whose action takes the form posted without JavaScript. */
  action?: string;
  /** The answer to that post, on the page it answered with. */
  result?: LeadFormResult;
};

/** SPEC §2 Contact screen and §5 Contact form. */
export function ContactForm({ action = "/contact-us", result }: Props) {
  const id = useId();
  const { field, formProps, intent, anchor, notice, sending, canSubmit } = useLeadForm({
    form: "contact",
    action,
    result,
    empty: { name: "", email: "", message: "" },
    problem: contactProblem,
    mutation: useSendContactMessage(),
    successMessage: contact.success,
  });

  return (
    <section id={anchor} className="card contact-card h-100" aria-labelledby={`${id}-heading`}>
      <div className="card-body p-4 p-lg-5">
        <h2 id={`${id}-heading`} className="h3 fw-bold mb-1">
          {contact.formHeading}
        </h2>
        <p className="text-body-secondary mb-4">{contact.promise}</p>
        <form className="d-grid gap-3" {...formProps} aria-labelledby={`${id}-heading`}>
          <input {...intent} />
          <LeadField
            id={`${id}-name`}
            label={contact.nameLabel}
            autoComplete="name"
            placeholder={contact.namePlaceholder}
            {...field("name")}
          />
          <LeadField
            id={`${id}-email`}
            label={contact.emailLabel}
            type="email"
            autoComplete="email"
            placeholder={contact.emailPlaceholder}
            {...field("email")}
          />
          <LeadField
            id={`${id}-message`}
            label={contact.messageLabel}
            rows={5}
            placeholder={contact.messagePlaceholder}
            {...field("message")}
          />
          <div>
            <button type="submit" className="btn btn-primary btn-lg" disabled={!canSubmit}>
              {sending ? contact.sending : contact.submit}
            </button>
          </div>
          <LeadFormNotice notice={notice} />
        </form>
      </div>
    </section>
  );
}
