import type { OrderDetail } from "@agency/contract";
import { type ReactNode, useId, useState } from "react";
import { Alert, Button } from "react-bootstrap";
import { ApiError, errorMessage } from "../../../lib/api";
import { formatDateTime } from "../../../lib/dates";
import { linkify } from "../../../lib/linkify";
import { briefTexts as t } from "../../../lib/messages";
import { notifyDone, notifyError } from "../../../lib/toast";
import { useConfirmBrief } from "../api/brief";
import type { Audience } from "../api/order-detail";
import { BriefForm } from "./brief-form";

/**
 * The order's brief: the customer fills it in once the order is paid and may change it until the
 * work starts; the agency reads the answers. After a renewal the answers of the period before are
 * carried over, and the customer confirms them as they are or changes them.
 */
export function BriefSection({ order, audience }: { order: OrderDetail; audience: Audience }) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const confirm = useConfirmBrief(order._id);
  const brief = order.brief;
  const answers = brief?.answers ?? null;
  const open = audience === "customer" && order.state === "submitted" && brief !== null;
  const unconfirmed = Boolean(brief?.carriedOver && !brief.confirmedAt);

  async function onConfirm() {
    if (confirm.isPending) return;
    try {
      await confirm.mutateAsync();
      notifyDone(t.confirmed);
    } catch (error) {
      notifyError(errorMessage(error));
      // A question added since needs an answer: the form shows which.
      if (error instanceof ApiError && error.status === 400) setEditing(true);
    }
  }

  let content: ReactNode;
  if (!brief) {
    content = <p className="text-body-secondary mb-0">{t.waitingForPayment}</p>;
  } else if (open && (answers === null || editing)) {
    const initial = Object.fromEntries((answers ?? []).map((answer) => [answer.questionId, answer.value]));
    content = (
      <BriefForm
        orderId={order._id}
        questions={brief.questions}
        initial={initial}
        onSent={() => setEditing(false)}
      />
    );
  } else if (answers === null) {
    content = <p className="text-body-secondary mb-0">{audience === "admin" ? t.notYet : t.closed}</p>;
  } else {
    content = (
      <>
        {unconfirmed && open ? (
          <Alert variant="info" className="d-grid gap-2">
            <span>{t.carriedOver(order.period?.number ?? 1)}</span>
            <div className="d-flex flex-wrap gap-2">
              <Button variant="primary" size="sm" onClick={onConfirm} disabled={confirm.isPending}>
                {confirm.isPending ? t.confirming : t.confirm}
              </Button>
              <Button variant="outline-primary" size="sm" onClick={() => setEditing(true)}>
                {t.edit}
              </Button>
            </div>
          </Alert>
        ) : null}
        {unconfirmed && audience === "admin" ? <Alert variant="info">{t.notConfirmed}</Alert> : null}
        <dl className="mb-0">
          {answers.map((answer) => (
            <div key={answer.questionId} className="mb-3">
              <dt>{answer.label}</dt>
              <dd className="message-body mb-0">{answer.value ? linkify(answer.value) : t.noAnswer}</dd>
            </div>
          ))}
        </dl>
        {brief.submittedAt ? (
          <p className="small text-body-secondary mb-0">{t.answeredOn(formatDateTime(brief.submittedAt))}</p>
        ) : null}
        {brief.carriedOver && brief.confirmedAt ? (
          <p className="small text-body-secondary mb-0">{t.confirmedOn(formatDateTime(brief.confirmedAt))}</p>
        ) : null}
        {open && !unconfirmed ? (
          <Button variant="outline-primary" size="sm" className="mt-3" onClick={() => setEditing(true)}>
            {t.edit}
          </Button>
        ) : null}
      </>
    );
  }

  return (
    <section id="brief" className="card border-0 shadow-sm" aria-labelledby={`${id}-heading`}>
      <div className="card-body">
        <h2 id={`${id}-heading`} className="h5">
          {t.heading}
        </h2>
        {content}
      </div>
    </section>
  );
}
