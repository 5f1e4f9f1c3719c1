import { companyMessages, formatOrderNumber, type Order, type PaymentIntent } from "@agency/contract";
import { lazy, Suspense } from "react";
import { Link, useParams } from "react-router";
import { LoadError } from "../../components/load-error";
import { LoadingScreen } from "../../components/loading-screen";
import { OrderLines } from "../../components/order-lines";
import { useClientMay } from "../../features/companies/api/companies";
import { useOrderTerms, usePaymentOrder } from "../../features/orders/api/orders";
import { RenewalTermsNote } from "../../features/orders/components/renewal-terms";
import { usePaymentIntent } from "../../features/payments/api/payments";
import { TestCardForm } from "../../features/payments/components/test-card-form";
import { useOrderPayer } from "../../features/payments/use-pay-flow";
import { orderMessages, paymentMessages as t } from "../../lib/messages";
import { useMoney } from "../../lib/money";

const StripeCardForm = lazy(() => import("../../features/payments/components/stripe-card-form"));

/** SPEC §2 /dashboard/payment/{_id}: the order's summary, card entry and the pay button. */
export default function Payment() {
  const money = useMoney();
  const { _id = "" } = useParams();
  const order = usePaymentOrder(_id);
  const unpaid = order.isSuccess && !order.data.paid;
  // A colleague whose client role does not pay opens no payment (the server would refuse it).
  const mayPay = useClientMay("pay");
  const intent = usePaymentIntent(_id, unpaid && mayPay === true);
  const terms = useOrderTerms(_id, unpaid);

  if (order.isPending) return <LoadingScreen />;
  if (order.isError) return <LoadError message={t.loadFailed} query={order} />;

  const rows = [
    [orderMessages.number, formatOrderNumber(order.data.number)],
    [t.order, `${order.data.service} (${order.data.serviceDuration})`],
    [
      t.customer,
      order.data.email === undefined ? order.data.name : `${order.data.name} · ${order.data.email}`,
    ],
    [t.amount, money(order.data.currentPrice, order.data.currency)],
  ] as const;

  return (
    <section className="card border-0 shadow-sm" aria-labelledby="payment-heading">
      <div className="card-body p-4" style={{ maxWidth: 640 }}>
        <h1 id="payment-heading" className="h4 mb-3">
          {t.heading}
        </h1>
        <dl className="mb-4">
          {rows.map(([label, value]) => (
            <div key={label} className="d-flex justify-content-between border-bottom py-2">
              <dt className="fw-normal text-body-secondary">{label}</dt>
              <dd className="mb-0 fw-semibold text-end">{value}</dd>
            </div>
          ))}
        </dl>
        {order.data.lines ? (
          <OrderLines
            lines={order.data.lines}
            duration={order.data.serviceDuration}
            discount={order.data.discount}
            promoCode={order.data.promoCode}
            total={order.data.currentPrice}
            currency={order.data.currency}
            className="table table-sm mb-4"
          />
        ) : null}
        {terms.data && !order.data.paid ? (
          <RenewalTermsNote terms={terms.data} promoCode={order.data.promoCode} className="mb-4" />
        ) : null}
        {order.data.paid ? (
          <p className="alert alert-success mb-0">
            {t.alreadyPaid} <Link to="/dashboard/payment-history">{t.historyHeading}</Link>
          </p>
        ) : mayPay === false ? (
          <p className="alert alert-info mb-0">{companyMessages.roleMayNot("pay")}</p>
        ) : intent.isError ? (
          <LoadError message={t.openFailed} query={intent} />
        ) : (
          <OrderCard order={order.data} intent={intent.data} />
        )}
        <p className="mt-3 mb-0 small">
          <Link to="/dashboard/my-orders">{orderMessages.myOrders}</Link>
        </p>
      </div>
    </section>
  );
}

/** The card form of the shop's provider, paying the order. */
function OrderCard({ order, intent }: { order: Order; intent: PaymentIntent | undefined }) {
  const payer = useOrderPayer(order);
  return intent?.provider === "stripe" ? (
    <Suspense fallback={<LoadingScreen />}>
      <StripeCardForm payer={payer} intent={intent} />
    </Suspense>
  ) : (
    <TestCardForm payer={payer} intent={intent} />
  );
}
