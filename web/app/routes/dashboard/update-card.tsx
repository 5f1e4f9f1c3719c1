import type { FormEvent } from "react";
import { Alert, Button, Form } from "react-bootstrap";
import { Link, useNavigate, useParams } from "react-router";
import { LoadError } from "../../components/load-error";
import { LoadingScreen } from "../../components/loading-screen";
import { useSession } from "../../features/auth/api/auth";
import { useMyOrders } from "../../features/orders/api/orders";
import { TestCardFields } from "../../features/payments/components/test-card-fields";
import { useCardLink, useUpdateCard } from "../../features/subscriptions/api/subscriptions";
import { SubscriptionState } from "../../features/subscriptions/components/subscription-state";
import { errorMessage } from "../../lib/api";
import { orderMessages, paymentMessages, subscriptionTexts as t } from "../../lib/messages";
import { notifySuccess } from "../../lib/toast";

/** A subscription's new card (offline test provider): a failed renewal is charged to it at once. */
export default function UpdateCard() {
  const { _id = "" } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const orders = useMyOrders(session.data?.user.email);
  const updateCard = useUpdateCard(_id);
  const stripePage = useCardLink(_id);

  if (orders.isPending || stripePage.isPending) return <LoadingScreen />;
  if (orders.isError) return <LoadError message={orderMessages.loadFailed} query={orders} />;
  const order = orders.data.find((item) => item.subscription?._id === _id);
  if (!order?.subscription) return <LoadError message={t.notFound} />;
  const { subscription } = order;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? "").trim();
    updateCard.mutate(
      { cardNumber: text("cardNumber"), expiry: text("expiry"), cvc: text("cvc") },
      {
        onSuccess: () => {
          notifySuccess(t.cardSaved);
          void navigate("/dashboard/my-orders");
        },
      },
    );
  }

  return (
    <section className="card border-0 shadow-sm" aria-labelledby="card-heading">
      <div className="card-body p-4" style={{ maxWidth: 640 }}>
        <h1 id="card-heading" className="h4 mb-2">
          {t.cardHeading}
        </h1>
        <p className="mb-1">{t.cardIntro(`${order.service} (${order.serviceDuration})`)}</p>
        <SubscriptionState subscription={subscription} />
        {subscription.card ? (
          <p className="small text-body-secondary mt-2 mb-0 text-capitalize">
            {subscription.card.brand} •••• {subscription.card.last4}
          </p>
        ) : null}
        {subscription.lastError ? (
          <Alert variant="danger" className="mt-3 mb-0 small">
            {subscription.lastError}
          </Alert>
        ) : null}
        {stripePage.data?.url ? (
          <div className="mt-4">
            <p>{t.stripeCard}</p>
            <a href={stripePage.data.url} className="btn btn-primary btn-lg w-100" rel="noopener">
              {t.openStripe}
            </a>
          </div>
        ) : (
          <Form onSubmit={onSubmit} aria-label={paymentMessages.card} className="mt-4">
            {updateCard.isError ? (
              <Alert variant="danger" role="alert">
                {errorMessage(updateCard.error)}
              </Alert>
            ) : null}
            <TestCardFields idPrefix="new-card" />
            <Button type="submit" size="lg" className="w-100 mt-4" disabled={updateCard.isPending}>
              {t.saveCard}
            </Button>
          </Form>
        )}
        <p className="mt-3 mb-0 small">
          <Link to="/dashboard/my-orders">{orderMessages.myOrders}</Link>
        </p>
      </div>
    </section>
  );
}
