import { type OrderDetail, orderStateLabels } from "@agency/contract";
import { useId } from "react";
import { Link } from "react-router";
import { OrderStateBadge } from "../../../components/order-badges";
import { formatDateTime } from "../../../lib/dates";
import { linkify } from "../../../lib/linkify";
import { orderDetail as t } from "../../../lib/messages";
import { money } from "../../../lib/money";
import { FileLinks } from "./file-links";

/** Every change of the order's state, oldest first: what, who and when, with a delivery's files. */
export function OrderHistory({
  order,
  receiptLink,
}: {
  order: OrderDetail;
  receiptLink?: (id: string) => string;
}) {
  const id = useId();
  return (
    <section className="card border-0 shadow-sm" aria-labelledby={`${id}-heading`}>
      <div className="card-body">
        <h2 id={`${id}-heading`} className="h5">
          {t.history}
        </h2>
        {order.history.length === 0 ? (
          <p className="text-body-secondary mb-0">{t.noHistory}</p>
        ) : (
          <ol className="list-unstyled d-grid gap-3 mb-0" aria-labelledby={`${id}-heading`}>
            {order.history.map((entry, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id and are never reordered
              <li key={index} className="border-start border-3 ps-3">
                <div className="d-flex flex-wrap align-items-center gap-2">
                  <OrderStateBadge state={entry.state} />
                  <span className="fw-semibold">
                    {entry.from === null ? t.paidLine : t.historyLine(orderStateLabels[entry.state])}
                  </span>
                </div>
                <div className="small text-body-secondary">
                  {t.by(entry.by.name, t.sides[entry.by.role])} ·{" "}
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                </div>
                {entry.note ? <p className="message-body small mb-0 mt-1">{linkify(entry.note)}</p> : null}
                <FileLinks files={entry.files} />
              </li>
            ))}
          </ol>
        )}
        {order.refunds.map((refund) => (
          <p key={refund.paymentId} className="small mt-3 mb-0">
            {t.refunded(money(refund.amount), formatDateTime(refund.refundedAt))}
            {refund.receiptId && receiptLink ? (
              <>
                {" · "}
                <Link to={receiptLink(refund.receiptId)}>{t.creditNote}</Link>
              </>
            ) : null}
          </p>
        ))}
      </div>
    </section>
  );
}
