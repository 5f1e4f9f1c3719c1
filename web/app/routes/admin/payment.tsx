import { formatOrderNumber } from "@agency/contract";
import { Link, useParams } from "react-router";
import { LoadError } from "../../components/load-error";
import { LoadingScreen } from "../../components/loading-screen";
import { usePaymentDetails } from "../../features/payments/api/payments";
import { ReceiptLink } from "../../features/receipts/components/receipt-link";
import { formatDateTime } from "../../lib/dates";
import { orderMessages, adminPages as t } from "../../lib/messages";
import { useMoney } from "../../lib/money";

/** SPEC §2 /dashboard/admin/payment/{_id}: amount, status, transaction id, time, customer. */
export default function AdminPayment() {
  const money = useMoney();
  const { _id = "" } = useParams();
  const details = usePaymentDetails(_id);
  if (details.isPending) return <LoadingScreen />;
  if (details.isError) return <LoadError message={t.paymentFailed} query={details} />;
  const { order, payment } = details.data;
  const rows: [string, string][] = [
    [orderMessages.number, formatOrderNumber(order.number)],
    // The e-mail and phone are left out by the server for a role that does not see customers.
    [t.customer, order.email === undefined ? order.name : `${order.name} · ${order.email}`],
    ...(order.phone === undefined ? [] : [[t.phone, order.phone] as [string, string]]),
    [t.plan, `${order.service} (${order.serviceDuration})`],
    [t.orderedOn, formatDateTime(order.currentDate)],
    [t.amount, money(payment?.currentPrice ?? order.currentPrice, payment?.currency ?? order.currency)],
    [t.status, order.paid ? t.paid : t.notPaidYet],
    [t.transactionId, payment?.transactionId ?? "—"],
    [t.time, payment ? formatDateTime(payment.paymentTime) : "—"],
    [t.provider, payment?.provider ?? "—"],
  ];
  return (
    <section
      className="card border-0 shadow-sm"
      aria-labelledby="admin-payment-heading"
      style={{ maxWidth: 720 }}
    >
      <div className="card-body p-4">
        <h1 id="admin-payment-heading" className="h4 mb-3">
          {t.paymentHeading}
        </h1>
        <dl className="mb-4">
          {rows.map(([label, value]) => (
            <div key={label} className="row border-bottom py-2 mx-0">
              <dt className="col-5 col-md-4 fw-normal text-body-secondary ps-0">{label}</dt>
              <dd className="col-7 col-md-8 mb-0 text-break pe-0">{value}</dd>
            </div>
          ))}
        </dl>
        {payment ? (
          <p>
            <ReceiptLink payment={payment} />
          </p>
        ) : null}
        <Link to="/dashboard/admin/all__orders">{t.backToOrders}</Link>
      </div>
    </section>
  );
}
