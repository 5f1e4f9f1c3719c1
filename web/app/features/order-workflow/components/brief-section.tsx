import type { OrderDetail } from "@agency/contract";
import { type ReactNode, useId, useState } from "react";
import { Button } from "react-bootstrap";
import { formatDateTime } from "../../../lib/dates";
import { linkify } from "../../../lib/linkify";
import { briefTexts as t } from "../../../lib/messages";
import type { Audience } from "../api/order-detail";
import { BriefForm } from "./brief-form";

/**
 * The order's brief: the customer fills it in once the order is paid and may change it until the
 * work starts; the agency reads the answers.
 */
export function BriefSection({ order, audience }: { order: OrderDetail; audience: Audience }) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const brief = order.brief;
  const answers = brief?.answers ?? null;
  const open = audience === "customer" && order.state === "submitted" && brief !== null;

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
        {open ? (
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
