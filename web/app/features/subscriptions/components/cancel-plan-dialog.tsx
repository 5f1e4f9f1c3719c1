import { CANCEL_REASON_MAX_LENGTH } from "@agency/contract";
import { type FormEvent, useId, useState } from "react";
import { Button, Form, Modal } from "react-bootstrap";
import { subscriptionTexts as t } from "../../../lib/messages";

type Props = {
  show: boolean;
  service: string;
  /** When the plan ends if cancelled: the end of the period paid for; null when it ends now (unpaid renewal). */
  endsOn: string | null;
  busy: boolean;
  onKeep: () => void;
  onCancel: (reason: string) => void;
};

/**
 * Asks before a plan is cancelled, with room for an optional reason the agency reads. The buttons
 * name what they do, so "Cancel" never has to mean both "cancel the plan" and "close this".
 */
export function CancelPlanDialog({ show, service, endsOn, busy, onKeep, onCancel }: Props) {
  const id = useId();
  const [reason, setReason] = useState("");

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onCancel(reason.trim());
  }

  return (
    <Modal
      show={show}
      onHide={onKeep}
      onExited={() => setReason("")}
      centered
      aria-labelledby={`${id}-title`}
    >
      <Form onSubmit={submit} noValidate>
        <Modal.Header closeButton closeLabel={t.keepPlan}>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            {t.cancelQuestion(service)}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{endsOn === null ? t.cancelPastDueText : t.cancelText(endsOn)}</p>
          <Form.Group controlId={`${id}-reason`}>
            <Form.Label>{t.reasonLabel}</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              maxLength={CANCEL_REASON_MAX_LENGTH}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              aria-describedby={`${id}-reason-help`}
            />
            <Form.Text id={`${id}-reason-help`}>
              {t.reasonHelp(CANCEL_REASON_MAX_LENGTH - reason.length)}
            </Form.Text>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onKeep} autoFocus>
            {t.keepPlan}
          </Button>
          <Button type="submit" variant="danger" disabled={busy}>
            {t.cancelConfirm}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
