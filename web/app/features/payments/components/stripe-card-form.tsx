import type { PaymentIntent } from "@agency/contract";
import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import type { FormEvent } from "react";
import { Button, Form } from "react-bootstrap";
import { paymentMessages as t } from "../../../lib/messages";
import { useMoney } from "../../../lib/money";
import { PaymentError } from "../payment-error";
import { type CardPayer, usePayFlow } from "../use-pay-flow";

const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

function CardPayment({ payer, intent }: { payer: CardPayer; intent: PaymentIntent }) {
  const money = useMoney();
  const stripe = useStripe();
  const elements = useElements();
  const pay = usePayFlow(payer);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    pay.mutate(async () => {
      // SPEC §7: card payment confirmed with the billing name and email.
      const result = await stripe.confirmCardPayment(intent.clientSecret, {
        payment_method: { card, billing_details: { name: payer.name, email: payer.email } },
      });
      if (result.error) throw new PaymentError(result.error.message ?? t.notCharged);
      return result.paymentIntent.id;
    });
  }

  return (
    <Form onSubmit={onSubmit} aria-label={t.card}>
      <div className="form-control py-3">
        <CardElement options={{ hidePostalCode: true }} />
      </div>
      <Button
        type="submit"
        size="lg"
        className="w-100 mt-4"
        disabled={!stripe || !intent.clientSecret || pay.isPending}
      >
        {t.pay(money(payer.amount, payer.currency))}
      </Button>
    </Form>
  );
}

/** Stripe Elements: loaded only on the payment page, and only when the shop uses Stripe. */
export default function StripeCardForm({ payer, intent }: { payer: CardPayer; intent: PaymentIntent }) {
  return (
    <Elements stripe={stripeFor(intent.publishableKey ?? "")} options={{ clientSecret: intent.clientSecret }}>
      <CardPayment payer={payer} intent={intent} />
    </Elements>
  );
}
