import { useId } from "react";
import { contact } from "../../../lib/messages";
import { useSendContactMessage } from "../api/send-contact-message";
import { useLeadForm } from "../use-lead-form";
import { contactProblem } from "../validation";

/**
 * SPEC §2 Contact screen and §5 Contact form. No `required` attributes: the spec's toasts, in
 * their order, tell the visitor what is missing; the email field keeps its browser format check.
 */
export function ContactForm() {
  const id = useId();
  const { field, onSubmit, sending, canSubmit } = useLeadForm({
    formId: "contact-form",
    empty: { name: "", email: "", message: "" },
    problem: contactProblem,
    mutation: useSendContactMessage(),
    successMessage: contact.success,
  });

  return (
    <section className="card contact-card h-100" aria-labelledby={`${id}-heading`}>
      <div className="card-body p-4 p-lg-5">
        <h2 id={`${id}-heading`} className="h3 fw-bold mb-1">
          {contact.formHeading}
        </h2>
        <p className="text-body-secondary mb-4">{contact.promise}</p>
        <form className="d-grid gap-3" onSubmit={onSubmit} aria-labelledby={`${id}-heading`}>
          <div>
            <label htmlFor={`${id}-name`} className="form-label">
              {contact.nameLabel}
            </label>
            <input
              id={`${id}-name`}
              type="text"
              autoComplete="name"
              className="form-control"
              placeholder={contact.namePlaceholder}
              aria-required="true"
              {...field("name")}
            />
          </div>
          <div>
            <label htmlFor={`${id}-email`} className="form-label">
              {contact.emailLabel}
            </label>
            <input
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              className="form-control"
              placeholder={contact.emailPlaceholder}
              aria-required="true"
              {...field("email")}
            />
          </div>
          <div>
            <label htmlFor={`${id}-message`} className="form-label">
              {contact.messageLabel}
            </label>
            <textarea
              id={`${id}-message`}
              rows={5}
              className="form-control"
              placeholder={contact.messagePlaceholder}
              aria-required="true"
              {...field("message")}
            />
          </div>
          <div>
            <button type="submit" className="btn btn-primary btn-lg" disabled={!canSubmit}>
              {sending ? contact.sending : contact.submit}
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}
