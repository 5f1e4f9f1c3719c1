import { useId } from "react";
import { newsletter } from "../../../lib/messages";
import { useJoinNewsletter } from "../api/leads";
import type { LeadFormResult } from "../form-result";
import { useLeadForm } from "../use-lead-form";
import { newsletterProblem } from "../validation";
import { LeadFormNotice } from "./lead-form-notice";

type Props = {
  /** The path of the page showing the form, whose action takes it posted without JavaScript. */
  action: string;
  /** The answer to that post, on the page it answered with. */
  result?: LeadFormResult;
};

/** SPEC §2 Landing and Blogs, §5 Newsletter: an email address, stored as a sign-up. */
export function NewsletterForm({ action, result }: Props) {
  const id = useId();
  const { field, formProps, intent, anchor, notice, sending, canSubmit } = useLeadForm({
    form: "newsletter",
    action,
    result,
    empty: { email: "" },
    problem: newsletterProblem,
    mutation: useJoinNewsletter(),
    successMessage: newsletter.success,
  });

  return (
    <section id={anchor} className="newsletter py-5" aria-labelledby={`${id}-heading`}>
      <div className="container">
        <div className="newsletter__panel mx-auto text-center p-4 p-md-5">
          <h2 id={`${id}-heading`} className="fw-bold mb-2">
            {newsletter.heading}
          </h2>
          <p className="text-body-secondary mb-4">{newsletter.lead}</p>
          <form className="newsletter__form mx-auto" {...formProps} aria-labelledby={`${id}-heading`}>
            <input {...intent} />
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
            <LeadFormNotice notice={notice} className="mt-3" />
          </form>
        </div>
      </div>
    </section>
  );
}
