import { type ReactNode, useState } from "react";
import { Alert, Form } from "react-bootstrap";
import { paymentMessages as t } from "../../../lib/messages";
import { formatCardExpiry } from "../card-expiry";

/**
 * The offline provider's card fields and its test-card note, shared by the payment page and a
 * subscription's new card. `idPrefix` keeps the labels' ids unique on the page; `children` are more
 * fields in the same grid.
 */
export function TestCardFields({ idPrefix, children }: { idPrefix: string; children?: ReactNode }) {
  const [expiry, setExpiry] = useState("");
  return (
    <>
      <Alert variant="info" className="small">
        <strong className="d-block">{t.testMode}</strong>
        {t.testCards}
      </Alert>
      <div className="row g-3">
        <Form.Group className="col-12" controlId={`${idPrefix}-number`}>
          <Form.Label>{t.cardNumber}</Form.Label>
          <Form.Control
            name="cardNumber"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="4242 4242 4242 4242"
            required
          />
        </Form.Group>
        <Form.Group className="col-6" controlId={`${idPrefix}-expiry`}>
          <Form.Label>{t.expiry}</Form.Label>
          <Form.Control
            name="expiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            maxLength={9}
            required
            value={expiry}
            onChange={(event) => setExpiry((before) => formatCardExpiry(event.target.value, before))}
          />
        </Form.Group>
        <Form.Group className="col-6" controlId={`${idPrefix}-cvc`}>
          <Form.Label>{t.cvc}</Form.Label>
          <Form.Control name="cvc" inputMode="numeric" autoComplete="cc-csc" placeholder="123" required />
        </Form.Group>
        {children}
      </div>
    </>
  );
}
