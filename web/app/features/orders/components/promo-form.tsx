import type { PromoQuote } from "@agency/contract";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button, Form, InputGroup } from "react-bootstrap";
import { ApiError, errorMessage } from "../../../lib/api";
import { checkoutPromo, checkoutMessages as t } from "../../../lib/messages";
import { notifyError, notifyFormProblem } from "../../../lib/toast";
import { promoQuoteOptions } from "../api/orders";

/**
 * SPEC §5 promo box: an empty box asks for a code and a code the server does not accept is "not
 * valid", the form resetting each time, as in the spec. A code the owner created is applied: the
 * server says what it takes off the plan with the add-ons ticked, and the order is placed with it
 * (DESIGN "Beyond the spec" 9).
 */
export function PromoForm({
  planId,
  addonIds,
  applied,
  onApplied,
}: {
  planId: string;
  addonIds: string[];
  applied: PromoQuote | null;
  onApplied: (quote: PromoQuote | null) => void;
}) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const code = String(new FormData(form).get("promo") ?? "").trim();
    form.reset();
    if (!code) {
      notifyFormProblem(t.promoEmpty, "promo");
      return;
    }
    setAsking(true);
    try {
      onApplied(await queryClient.fetchQuery(promoQuoteOptions({ code, planId, addonIds })));
    } catch (error) {
      const refused = error instanceof ApiError && (error.status === 422 || error.status === 400);
      if (refused) notifyFormProblem(t.promoInvalid, "promo");
      else notifyError(errorMessage(error));
    } finally {
      setAsking(false);
    }
  }

  if (applied) {
    return (
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2" role="status">
        <div>
          <span className="badge text-bg-success">{checkoutPromo.applied(applied.code)}</span>
          {applied.appliesTo === "every" ? (
            <p className="small text-body-secondary mb-0 mt-1">{checkoutPromo.everyRenewal}</p>
          ) : null}
        </div>
        <Button size="sm" variant="outline-secondary" onClick={() => onApplied(null)}>
          {checkoutPromo.remove}
        </Button>
      </div>
    );
  }

  return (
    <Form noValidate onSubmit={onSubmit} aria-label={t.promoLabel}>
      <Form.Label htmlFor="promo-code" className="small text-body-secondary">
        {t.promoLabel}
      </Form.Label>
      <InputGroup>
        <Form.Control id="promo-code" name="promo" placeholder={t.promoPlaceholder} autoComplete="off" />
        <Button type="submit" variant="outline-primary" disabled={asking}>
          {t.apply}
        </Button>
      </InputGroup>
    </Form>
  );
}
