import type { PaymentIntent } from "@agency/contract";
import type { FormEvent } from "react";
import { Button, Form } from "react-bootstrap";
import { paymentMessages as t } from "../../../lib/messages";
import { useMoney } from "../../../lib/money";
import { payWithTestCard } from "../api/payments";
import { type CardPayer, usePayFlow } from "../use-pay-flow";
import { TestCardFields } from "./test-card-fields";

/**
 * The offline provider's card entry. Card details go to the shop's own test provider, which
 * applies Stripe's test-card rules and keeps nothing but the outcome and the last four digits.
 */
export function TestCardForm({ payer, intent }: { payer: CardPayer; intent: PaymentIntent | undefined }) {
  const money = useMoney();
  const pay = usePayFlow(payer);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!intent) return;
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? "").trim();
    pay.mutate(async () => {
      const result = await payWithTestCard({
        paymentIntentId: intent.paymentIntentId,
        clientSecret: intent.clientSecret,
        cardNumber: text("cardNumber"),
        expiry: text("expiry"),
        cvc: text("cvc"),
        billingName: text("billingName"),
        billingEmail: text("billingEmail"),
      });
      return result.paymentIntentId;
    });
  }

  return (
    <Form onSubmit={onSubmit} aria-label={t.card}>
      <TestCardFields idPrefix="card">
        <Form.Group className="col-12 col-md-6" controlId="card-name">
          <Form.Label>{t.billingName}</Form.Label>
          <Form.Control name="billingName" autoComplete="cc-name" defaultValue={payer.name} />
        </Form.Group>
        <Form.Group className="col-12 col-md-6" controlId="card-email">
          <Form.Label>{t.billingEmail}</Form.Label>
          <Form.Control name="billingEmail" type="email" autoComplete="email" defaultValue={payer.email} />
        </Form.Group>
      </TestCardFields>
      <Button
        type="submit"
        size="lg"
        className="w-100 mt-4"
        disabled={!intent?.clientSecret || pay.isPending}
      >
        {t.pay(money(payer.amount, payer.currency))}
      </Button>
    </Form>
  );
}
