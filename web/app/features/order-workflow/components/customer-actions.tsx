import { maxNoteLength, type OrderDetail } from "@agency/contract";
import { type FormEvent, useId, useState } from "react";
import { Button, Form } from "react-bootstrap";
import { confirmAction } from "../../../lib/alerts";
import { errorMessage } from "../../../lib/api";
import { workflowActions as t } from "../../../lib/messages";
import { notifyDone, notifyError, notifyFormProblem } from "../../../lib/toast";
import { useApproveDelivery, useRequestChanges } from "../api/workflow";

const formId = "request-changes";

/**
 * The customer's answer to a delivery (approve, or ask for changes); otherwise where the work is.
 * A colleague whose client role does not approve (`canApprove` false) is told who does instead.
 */
export function CustomerActions({ order, canApprove = true }: { order: OrderDetail; canApprove?: boolean }) {
  const id = useId();
  const approve = useApproveDelivery(order._id);
  const requestChanges = useRequestChanges(order._id);
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState("");
  const state = order.state;
  if (!state) return null;

  async function onApprove() {
    if (!(await confirmAction({ title: t.approveQuestion, text: t.approveText, confirmText: t.approve })))
      return;
    try {
      await approve.mutateAsync(undefined);
      notifyDone(t.approved);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  async function onRequestChanges(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (requestChanges.isPending) return;
    if (note.trim() === "") {
      notifyFormProblem(t.changesMissing, formId);
      return;
    }
    try {
      await requestChanges.mutateAsync({ note: note.trim() });
      notifyDone(t.changesSent);
      setAsking(false);
      setNote("");
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  return (
    <section className="card border-0 shadow-sm" aria-labelledby={`${id}-heading`}>
      <div className="card-body">
        <h2 id={`${id}-heading`} className="h5">
          {t.heading}
        </h2>
        {state !== "delivered" ? (
          <p className="text-body-secondary mb-0">{t.customerWaiting[state]}</p>
        ) : !canApprove ? (
          <p className="text-body-secondary mb-0">{t.deliveredForApprovers}</p>
        ) : asking ? (
          <Form onSubmit={onRequestChanges} aria-label={t.requestChanges} noValidate>
            <Form.Group className="mb-3" controlId={`${id}-changes`}>
              <Form.Label>{t.changesLabel}</Form.Label>
              <Form.Control
                as="textarea"
                rows={3}
                value={note}
                maxLength={maxNoteLength}
                required
                onChange={(event) => setNote(event.target.value)}
              />
            </Form.Group>
            <div className="d-flex flex-wrap gap-2">
              <Button type="submit" disabled={requestChanges.isPending}>
                {t.sendChanges}
              </Button>
              <Button variant="outline-secondary" onClick={() => setAsking(false)}>
                {t.close}
              </Button>
            </div>
          </Form>
        ) : (
          <div className="d-flex flex-wrap gap-2">
            <Button variant="success" onClick={() => void onApprove()} disabled={approve.isPending}>
              {t.approve}
            </Button>
            <Button variant="outline-primary" onClick={() => setAsking(true)}>
              {t.requestChanges}
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
