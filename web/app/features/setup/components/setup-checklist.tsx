import type { SetupStep } from "@agency/contract";
import { useId } from "react";
import { Button } from "react-bootstrap";
import { Link } from "react-router";
import { errorMessage } from "../../../lib/api";
import { setupChecklist as t } from "../../../lib/messages/workday";
import { notifyError } from "../../../lib/toast";
import { useDismissSetupStep, useSetupChecklist } from "../api/setup";

/** Where each step is done in the dashboard (payments and mail are the server's settings). */
const stepLinks: Record<SetupStep, string | null> = {
  brand: "/dashboard/admin/site-content",
  currency: "/dashboard/admin/site-content",
  catalog: "/dashboard/admin/catalog",
  payments: null,
  mail: null,
  team: "/dashboard/admin/team",
};

/**
 * A new shop's steps to make it the agency's own, each with the way to do it, until it is done
 * (the server reads that from the shop) or set aside with "Not now". Gone once nothing is left.
 */
export function SetupChecklist() {
  const headingId = useId();
  const checklist = useSetupChecklist(true);
  const dismiss = useDismissSetupStep();
  if (!checklist.data) return null;
  const { steps } = checklist.data;
  const open = steps.filter((step) => !step.done && !step.dismissed);
  if (open.length === 0) return null;
  const done = steps.filter((step) => step.done).length;
  const setAside = (step: SetupStep) =>
    dismiss.mutateAsync(step).catch((error) => notifyError(errorMessage(error)));
  return (
    <section aria-labelledby={headingId} className="card border-0 shadow-sm mb-3">
      <div className="card-body">
        <div className="d-flex flex-wrap gap-2 align-items-baseline justify-content-between mb-2">
          <h2 id={headingId} className="h6 mb-0">
            {t.heading}
          </h2>
          <span className="small text-body-secondary">{t.progress(done, steps.length)}</span>
        </div>
        <ul className="list-unstyled mb-0">
          {open.map(({ step }) => {
            const texts = t.steps[step];
            const link = stepLinks[step];
            return (
              <li key={step} className="d-flex flex-wrap gap-2 align-items-center border-top py-2">
                <div className="flex-grow-1" style={{ minWidth: 220 }}>
                  <div className="fw-semibold">{texts.title}</div>
                  <div className="small text-body-secondary">{texts.text}</div>
                </div>
                {link && texts.action ? (
                  <Link className="btn btn-sm btn-outline-primary" to={link}>
                    {texts.action}
                  </Link>
                ) : null}
                <Button
                  size="sm"
                  variant="outline-secondary"
                  aria-label={t.dismissLabel(texts.title)}
                  disabled={dismiss.isPending}
                  onClick={() => void setAside(step)}
                >
                  {t.dismiss}
                </Button>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
