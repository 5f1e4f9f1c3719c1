import { cancellableStates, formatOrderNumber, maxNoteLength, type OrderDetail } from "@agency/contract";
import { type FormEvent, useId, useState } from "react";
import { Button, Form } from "react-bootstrap";
import { confirmAction, confirmWithOption } from "../../../lib/alerts";
import { errorMessage } from "../../../lib/api";
import { workflowActions as t } from "../../../lib/messages";
import { useMoney } from "../../../lib/money";
import { notifyDone, notifyError } from "../../../lib/toast";
import { useCancelOrder, useChangeOrderState } from "../api/workflow";
import { AttachmentPicker, useAttachments } from "./attachments";

/** Runs a change the admin confirmed, and says how it went. */
async function run(change: () => Promise<unknown>, done: string): Promise<boolean> {
  try {
    await change();
    notifyDone(done);
    return true;
  } catch (error) {
    notifyError(errorMessage(error));
    return false;
  }
}

/** The agency's moves on a paid order: start, deliver (with files), reopen a delivery, cancel. */
export function AdminActions({ order, canCancel = true }: { order: OrderDetail; canCancel?: boolean }) {
  const money = useMoney();
  const id = useId();
  const changeState = useChangeOrderState(order._id);
  const cancelOrder = useCancelOrder(order._id);
  const busy = changeState.isPending || cancelOrder.isPending;
  const number = formatOrderNumber(order.number);
  const state = order.state;

  async function start() {
    if (!(await confirmAction({ title: t.startQuestion(number), text: t.startText, confirmText: t.start })))
      return;
    await run(() => changeState.mutateAsync({ state: "in_progress" }), t.started);
  }

  async function reopen() {
    if (
      !(await confirmAction({ title: t.reopenQuestion(number), text: t.reopenText, confirmText: t.reopen }))
    )
      return;
    await run(() => changeState.mutateAsync({ state: "in_progress" }), t.reopened);
  }

  async function cancel() {
    // What is left of the latest payment goes back with the cancellation, when asked.
    const left = order.payments?.[0]?.refundable ?? 0;
    const refundable = left > 0;
    const question = { title: t.cancelQuestion(number), text: t.cancelText, confirmText: t.cancelConfirm };
    const answer = refundable
      ? await confirmWithOption({
          ...question,
          destructive: true,
          option: t.refund(money(left, order.currency)),
        })
      : (await confirmAction({ ...question, destructive: true }))
        ? { option: false }
        : null;
    if (!answer) return;
    await run(
      () => cancelOrder.mutateAsync({ refund: answer.option }),
      answer.option ? t.cancelledWithRefund : t.cancelled,
    );
  }

  if (!state) return null;
  const cancellable = canCancel && cancellableStates.includes(state);
  return (
    <section className="card border-0 shadow-sm" aria-labelledby={`${id}-heading`}>
      <div className="card-body">
        <h2 id={`${id}-heading`} className="h5">
          {t.heading}
        </h2>
        {state === "in_progress" ? <DeliverForm order={order} /> : null}
        {state === "delivered" ? <p className="text-body-secondary">{t.waitingForCustomer}</p> : null}
        {state === "complete" || state === "cancelled" ? (
          <p className="text-body-secondary mb-0">{t.noMoves}</p>
        ) : null}
        <div className="d-flex flex-wrap gap-2">
          {state === "submitted" ? (
            <Button onClick={() => void start()} disabled={busy}>
              {t.start}
            </Button>
          ) : null}
          {state === "delivered" ? (
            <Button variant="outline-primary" onClick={() => void reopen()} disabled={busy}>
              {t.reopen}
            </Button>
          ) : null}
          {cancellable ? (
            <Button variant="outline-danger" onClick={() => void cancel()} disabled={busy}>
              {t.cancel}
            </Button>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/** The delivery: a note to the customer and the delivered files, confirmed before it goes. */
function DeliverForm({ order }: { order: OrderDetail }) {
  const id = useId();
  const changeState = useChangeOrderState(order._id);
  const attachments = useAttachments(order._id);
  const [note, setNote] = useState("");

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (changeState.isPending || attachments.uploading) return;
    const files = attachments.fileIds.length;
    const confirmed = await confirmAction({
      title: t.deliverQuestion(formatOrderNumber(order.number)),
      text: t.deliverText(files),
      confirmText: t.deliver,
    });
    if (!confirmed) return;
    const delivered = await run(
      () =>
        changeState.mutateAsync({
          state: "delivered",
          note: note.trim() || undefined,
          fileIds: attachments.fileIds,
        }),
      t.delivered,
    );
    if (delivered) {
      setNote("");
      attachments.clear();
    }
  }

  return (
    <Form onSubmit={onSubmit} aria-label={t.deliverHeading} noValidate className="mb-3">
      <h3 className="h6">{t.deliverHeading}</h3>
      <Form.Group className="mb-3" controlId={`${id}-note`}>
        <Form.Label>{t.deliverNote}</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          value={note}
          maxLength={maxNoteLength}
          onChange={(event) => setNote(event.target.value)}
        />
      </Form.Group>
      <AttachmentPicker attachments={attachments} label={t.deliverFiles} />
      <Button type="submit" disabled={changeState.isPending || attachments.uploading || attachments.tooMany}>
        {t.deliver}
      </Button>
    </Form>
  );
}
