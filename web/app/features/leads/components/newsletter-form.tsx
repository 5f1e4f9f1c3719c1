import { useId } from "react";
import { newsletter } from "../../../lib/messages";
import { useJoinNewsletter } from "../api/leads";
import { useLeadForm } from "../use-lead-form";
import { newsletterProblem } from "../validation";

/** SPEC §2 Landing and Blogs, §5 Newsletter: an email address, stored as a sign-up. */
export function NewsletterForm() {
  const id = useId();
  const { field, onSubmit, sending, canSubmit } = useLeadForm({
    formId: "newsletter-form",
    empty: { email: "" },
    problem: newsletterProblem,
    mutation: useJoinNewsletter(),
    successMessage: newsletter.success,
  });

  return (
    <section className="newsletter py-5" aria-labelledby={`${id}-heading`}>
      <div className="container">
        <div className="newsletter__panel mx-auto text-center p-4 p-md-5">
          <h2 id={`${id}-heading`} className="fw-bold mb-2">
            {newsletter.heading}
          </h2>
          <p className="text-body-secondary mb-4">{newsletter.lead}</p>
          <form className="newsletter__form mx-auto" onSubmit={onSubmit} aria-labelledby={`${id}-heading`}>
            <label htmlFor={`${id}-email`} className="visually-hidden">
              {newsletter.emailLabel}
            </label>
            <div className="d-flex flex-column flex-sm-row gap-2">
              <input
                id={`${id}-email`}
                type="email"
                autoComplete="email"
                className="form-control form-control-lg"
                placeholder={newsletter.placeholder}
                aria-required="true"
                {...field("email")}
              />
              <button type="submit" className="btn btn-primary btn-lg flex-shrink-0" disabled={!canSubmit}>
                {sending ? newsletter.sending : newsletter.submit}
              </button>
            </div>
          </form>
        </div>
      </div>
    </section>
  );
}
