import { useId } from "react";
import { queryForm } from "../../../lib/messages";
import { useSendQueryRequest } from "../api/leads";
import type { LeadFormResult } from "../form-result";
import { useLeadForm } from "../use-lead-form";
import { queryProblem } from "../validation";
import { LeadField } from "./lead-field";
import { LeadFormNotice } from "./lead-form-notice";

type Props = {
  /** The landing page's path, whose action takes the form posted without JavaScript. */
  action?: string;
  /** The answer to that post, on the page it answered with. */
  result?: LeadFormResult;
};

/** SPEC §2 Landing and §5 Query form: the visitor's website and email, stored as a lead. */
export function QueryForm({ action = "/", result }: Props) {
  const id = useId();
  const { field, formProps, intent, anchor, notice, sending, canSubmit } = useLeadForm({
    form: "query",
    action,
    result,
    empty: { website: "", email: "" },
    problem: queryProblem,
    mutation: useSendQueryRequest(),
    successMessage: queryForm.success,
  });

  return (
    <section id={anchor} className="query-section py-5" aria-labelledby={`${id}-heading`}>
      <div className="container">
        <div className="row align-items-center g-4">
          <div className="col-12 col-lg-5">
            <h2 id={`${id}-heading`} className="fw-bold mb-2">
              {queryForm.heading}
            </h2>
            <p className="mb-0 query-section__lead">{queryForm.lead}</p>
          </div>
          <div className="col-12 col-lg-7">
            <form className="row g-3 align-items-end" {...formProps} aria-labelledby={`${id}-heading`}>
              <input {...intent} />
              <LeadField
                id={`${id}-website`}
                label={queryForm.websiteLabel}
                className="col-12 col-md-5"
                large
                inputMode="url"
                autoComplete="url"
                placeholder={queryForm.websitePlaceholder}
                {...field("website")}
              />
              <LeadField
                id={`${id}-email`}
                label={queryForm.emailLabel}
                className="col-12 col-md-5"
                large
                type="email"
                autoComplete="email"
                placeholder={queryForm.emailPlaceholder}
                {...field("email")}
              />
              <div className="col-12 col-md-2 d-grid">
                <button type="submit" className="btn btn-light btn-lg" disabled={!canSubmit}>
                  {sending ? queryForm.sending : queryForm.submit}
                </button>
              </div>
              {notice && (
                <div className="col-12">
                  <LeadFormNotice notice={notice} />
                </div>
              )}
            </form>
          </div>
        </div>
      </div>
    </section>
  );
}
