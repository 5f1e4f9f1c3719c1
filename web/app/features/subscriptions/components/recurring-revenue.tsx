import { type FormEvent, useState } from "react";
import { Button, Form } from "react-bootstrap";
import { errorMessage } from "../../../lib/api";
import { adminPages as t } from "../../../lib/messages";
import { formatDateTime, money } from "../../../lib/money";
import { notifyError } from "../../../lib/toast";
import { useRunDueRenewals, useSubscriptionSummary } from "../api/subscriptions";

/** All Orders' revenue card: MRR, and in development or test mode the "run due renewals" action. */
export function RecurringRevenue() {
  const summary = useSubscriptionSummary();
  const runDue = useRunDueRenewals();
  const [result, setResult] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const days = Number(new FormData(event.currentTarget).get("advanceDays") ?? 0);
    runDue.mutate(Number.isFinite(days) ? days : 0, {
      onSuccess: ({ ran, now }) => setResult(t.ranDueRenewals(ran, formatDateTime(now))),
      onError: (error) => notifyError(errorMessage(error)),
    });
  }

  return (
    <div className="card border-0 shadow-sm border-start border-4 border-info mb-4">
      <div className="card-body">
        <dl className="mb-0">
          <dt className="text-body-secondary small">{t.monthlyRecurringRevenue}</dt>
          <dd className="h3 mb-0" data-testid="monthly-recurring-revenue">
            {summary.data ? money(summary.data.monthlyRecurringRevenue) : "…"}
          </dd>
        </dl>
        {summary.data?.canRunDueRenewals ? (
          <Form onSubmit={onSubmit} className="d-flex flex-wrap align-items-end gap-2 mt-3">
            <Form.Group controlId="advance-days">
              <Form.Label className="small mb-1">{t.advanceDays}</Form.Label>
              <Form.Control name="advanceDays" type="number" min={0} max={3660} defaultValue={0} size="sm" />
            </Form.Group>
            <Button type="submit" size="sm" variant="outline-info" disabled={runDue.isPending}>
              {t.runDueRenewals}
            </Button>
            {result ? (
              <p className="small text-body-secondary mb-0 w-100" role="status">
                {result}
              </p>
            ) : null}
          </Form>
        ) : null}
      </div>
    </div>
  );
}
