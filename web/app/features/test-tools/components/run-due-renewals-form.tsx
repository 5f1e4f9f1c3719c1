import { type FormEvent, useState } from "react";
import { Button, Form } from "react-bootstrap";
import { errorMessage } from "../../../lib/api";
import { formatDateTime } from "../../../lib/dates";
import { testModeTexts as t } from "../../../lib/messages";
import { notifyError } from "../../../lib/toast";
import { useRunDueRenewals } from "../api/test-tools";

/** Moves the billing clock forward by some days (none: just run what is due) and says what ran. */
export function RunDueRenewalsForm() {
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
    <Form onSubmit={onSubmit} className="d-flex flex-wrap align-items-end gap-2">
      <Form.Group controlId="advance-days">
        <Form.Label className="small mb-1">{t.advanceDays}</Form.Label>
        <Form.Control name="advanceDays" type="number" min={0} max={3660} defaultValue={0} />
      </Form.Group>
      <Button type="submit" variant="primary" disabled={runDue.isPending}>
        {t.runDueRenewals}
      </Button>
      {result ? (
        <p className="small text-body-secondary mb-0 w-100" role="status">
          {result}
        </p>
      ) : null}
    </Form>
  );
}
