import { formatOrderNumber, type Payment } from "@agency/contract";
import { Badge } from "react-bootstrap";
import { Link, useLocation } from "react-router";
import { type DataColumn, DataList } from "../../components/data-list";
import { QueryView } from "../../components/query-view";
import { useSession } from "../../features/auth/api/auth";
import { usePaymentHistory } from "../../features/payments/api/payments";
import type { PaidOrderState } from "../../features/payments/use-pay-flow";
import { ReceiptLink } from "../../features/receipts/components/receipt-link";
import { formatDate, formatDateTime } from "../../lib/dates";
import {
  briefTexts,
  orderDetail,
  orderMessages,
  orderPaymentTexts,
  receiptPage,
  subscriptionTexts,
  paymentMessages as t,
} from "../../lib/messages";
import { Money } from "../../lib/money";

const columns: DataColumn<Payment>[] = [
  {
    header: orderMessages.number,
    cell: (payment) =>
      // An invoice's payment opened no order: it names the invoice.
      payment.orderId === null || payment.orderNumber === null ? (
        (payment.invoiceNumber ?? "—")
      ) : (
        <Link
          to={`/dashboard/my-orders/${payment.orderId}`}
          aria-label={orderDetail.openLabel(formatOrderNumber(payment.orderNumber))}
        >
          {formatOrderNumber(payment.orderNumber)}
        </Link>
      ),
  },
  {
    header: t.transactionId,
    cell: (payment) => payment.transactionId,
    className: "font-monospace small text-break",
  },
  {
    header: t.amount,
    cell: (payment) => (
      <>
        <Money amount={payment.currentPrice} currency={payment.currency} />
        {payment.refundReason ? (
          <span className="d-block small text-body-secondary text-break">
            {orderPaymentTexts.reason(payment.refundReason)}
          </span>
        ) : null}
      </>
    ),
  },
  { header: t.time, cell: (payment) => formatDateTime(payment.paymentTime) },
  {
    header: t.plan,
    cell: (payment) => (
      <>
        {payment.service}{" "}
        <span className="text-body-secondary text-capitalize">({payment.serviceDuration})</span>
        {payment.renewal ? (
          <Badge bg="info" text="dark" className="ms-2">
            {subscriptionTexts.renewal}
          </Badge>
        ) : null}
        {payment.periodStart && payment.periodEnd ? (
          <span className="d-block small text-body-secondary">
            {subscriptionTexts.period(formatDate(payment.periodStart), formatDate(payment.periodEnd))}
          </span>
        ) : null}
      </>
    ),
  },
  { header: receiptPage.title, cell: (payment) => <ReceiptLink payment={payment} /> },
];

/** SPEC §2/§8: the user's payments; a failure to load shows the red centred message. */
export default function PaymentHistory() {
  const session = useSession();
  const history = usePaymentHistory(session.data?.user.email);
  const paid = (useLocation().state as Partial<PaidOrderState> | null)?.paidOrder;
  return (
    <section aria-labelledby="history-heading">
      <h1 id="history-heading" className="h4 mb-3">
        {t.historyHeading}
      </h1>
      {paid ? (
        <p className="alert alert-info" role="status">
          {briefTexts.nextStep}{" "}
          <Link to={`/dashboard/my-orders/${paid.id}`} className="alert-link">
            {briefTexts.fillBrief(formatOrderNumber(paid.number))}
          </Link>
        </p>
      ) : null}
      <QueryView
        query={history}
        failed={t.historyFailed}
        empty={<p className="text-body-secondary">{t.noPayments}</p>}
      >
        {(payments) => (
          <DataList
            labelledBy="history-heading"
            columns={columns}
            rows={payments}
            rowKey={(payment) => payment._id}
          />
        )}
      </QueryView>
    </section>
  );
}
