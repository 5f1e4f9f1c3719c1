import type { FormEvent } from "react";
import { Button, Form, InputGroup } from "react-bootstrap";
import { checkoutMessages as t } from "../../../lib/messages";
import { notifyFormProblem } from "../../../lib/toast";

/** SPEC §5: no promo code is accepted (none exist); the form resets after every try. */
export function PromoForm() {
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const code = String(new FormData(form).get("promo") ?? "").trim();
    notifyFormProblem(code ? t.promoInvalid : t.promoEmpty, "promo");
    form.reset();
  }

  return (
    <Form noValidate onSubmit={onSubmit} aria-label={t.promoLabel}>
      <Form.Label htmlFor="promo-code" className="small text-body-secondary">
        {t.promoLabel}
      </Form.Label>
      <InputGroup>
        <Form.Control id="promo-code" name="promo" placeholder={t.promoPlaceholder} autoComplete="off" />
        <Button type="submit" variant="outline-primary">
          {t.apply}
        </Button>
      </InputGroup>
    </Form>
  );
}
