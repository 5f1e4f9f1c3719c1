import { type CheckoutPlan, checkPhone, type PromoQuote, type SessionUser } from "@agency/contract";
import { type FormEvent, useState } from "react";
import { Button, Form } from "react-bootstrap";
import { useNavigate } from "react-router";
import { successAlert } from "../../../lib/alerts";
import { errorMessage } from "../../../lib/api";
import { orderLineTexts, checkoutMessages as t } from "../../../lib/messages";
import { plainAmount, useMoney } from "../../../lib/money";
import { useShopMoney } from "../../../lib/site";
import { dismissToast, notifyError, notifyLoading } from "../../../lib/toast";
import { useHydrated } from "../../../lib/use-hydrated";
import { useCreateOrder } from "../api/orders";

function ReadOnly({
  id,
  label,
  value,
  struck,
}: {
  id: string;
  label: string;
  value: string;
  struck?: boolean;
}) {
  return (
    <Form.Group className="col-12 col-md-6" controlId={id}>
      <Form.Label className="small text-body-secondary mb-1">{label}</Form.Label>
      <Form.Control readOnly value={value} className={struck ? "text-decoration-line-through" : undefined} />
    </Form.Group>
  );
}

/** The plan's add-ons as checkboxes, each with its price and how often it is charged. */
function AddonChoices({
  plan,
  addonIds,
  onChange,
}: {
  plan: CheckoutPlan;
  addonIds: string[];
  onChange: (addonIds: string[]) => void;
}) {
  const shopMoney = useMoney();
  if (plan.addons.length === 0) return null;
  const toggle = (id: string, ticked: boolean) =>
    // Kept in the plan's order, whatever order they are ticked in.
    onChange(
      plan.addons
        .map((addon) => addon._id)
        .filter((each) => (each === id ? ticked : addonIds.includes(each))),
    );
  return (
    <fieldset className="col-12" aria-describedby="checkout-addons-hint">
      <legend className="small text-body-secondary mb-1">{orderLineTexts.addons}</legend>
      <p id="checkout-addons-hint" className="small text-body-secondary mb-2">
        {orderLineTexts.addonsHint}
      </p>
      {plan.addons.map((addon) => (
        <Form.Check
          key={addon._id}
          id={`checkout-addon-${addon._id}`}
          name="addonIds"
          value={addon._id}
          label={orderLineTexts.addonChoice(
            addon.name,
            shopMoney(addon.price, plan.currency),
            addon.recurring ? orderLineTexts.every(plan.duration) : orderLineTexts.once,
          )}
          checked={addonIds.includes(addon._id)}
          onChange={(event) => toggle(addon._id, event.currentTarget.checked)}
        />
      ))}
    </fieldset>
  );
}

/**
 * SPEC §2 checkout screen and §4 order flow; the add-ons ticked and an applied promo code go with
 * the order (the server prices it; `total` is what the summary shows, for the spec's alert).
 */
export function CheckoutForm({
  plan,
  user,
  promo = null,
  addonIds,
  onAddonsChange,
  total,
}: {
  plan: CheckoutPlan;
  user: SessionUser;
  promo?: PromoQuote | null;
  addonIds: string[];
  onAddonsChange: (addonIds: string[]) => void;
  total: number;
}) {
  const createOrder = useCreateOrder();
  const money = useMoney();
  const { locale } = useShopMoney();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [phoneError, setPhoneError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    // The same rule as the server's, so a number is refused here with the server's words.
    const checked = checkPhone(String(new FormData(form).get("phone") ?? ""));
    if (!checked.ok) {
      setPhoneError(`${t.phone} ${checked.message}.`);
      form.querySelector<HTMLInputElement>("[name=phone]")?.focus();
      return;
    }
    setPhoneError(null);
    const phone = checked.phone;
    if (createOrder.isPending) return;
    const loading = notifyLoading(t.processing);
    try {
      const result = await createOrder.mutateAsync({
        serviceId: plan._id,
        phone,
        name: user.name,
        email: user.email,
        currentDate: new Date().toISOString(),
        service: plan.service,
        serviceDuration: plan.duration,
        currentPrice: plan.newPrice,
        ...(promo ? { promoCode: promo.code } : {}),
        ...(addonIds.length > 0 ? { addonIds } : {}),
      });
      dismissToast(loading);
      if (result.insertedId) {
        form.reset();
        void successAlert(
          t.congratulations,
          t.wellDone(user.name, plainAmount(total, plan.currency, locale)),
        );
        navigate("/dashboard/my-orders");
      } else {
        notifyError(result.message ?? t.alreadyPurchased);
      }
    } catch (error) {
      dismissToast(loading);
      notifyError(errorMessage(error));
    }
  }

  return (
    <Form noValidate onSubmit={onSubmit} aria-label={t.heading}>
      <div className="row g-3">
        <ReadOnly id="checkout-name" label={t.name} value={user.name} />
        <ReadOnly id="checkout-email" label={t.email} value={user.email} />
        <ReadOnly id="checkout-quality" label={t.quality} value={plan.service} />
        <ReadOnly id="checkout-duration" label={t.duration} value={plan.duration} />
        <ReadOnly
          id="checkout-old-price"
          label={t.oldPrice}
          value={money(plan.oldPrice, plan.currency)}
          struck
        />
        <ReadOnly id="checkout-new-price" label={t.newPrice} value={money(plan.newPrice, plan.currency)} />
        <AddonChoices plan={plan} addonIds={addonIds} onChange={onAddonsChange} />
        <Form.Group className="col-12" controlId="checkout-phone">
          <Form.Label className="small text-body-secondary mb-1">{t.phone}</Form.Label>
          <Form.Control
            name="phone"
            type="tel"
            required
            aria-required="true"
            isInvalid={phoneError !== null}
            aria-invalid={phoneError !== null}
            aria-describedby={phoneError ? "checkout-phone-error" : undefined}
            onChange={() => setPhoneError(null)}
            placeholder={t.phonePlaceholder}
            autoComplete="tel"
          />
          <Form.Control.Feedback type="invalid" id="checkout-phone-error">
            {phoneError}
          </Form.Control.Feedback>
        </Form.Group>
      </div>
      <Button type="submit" size="lg" className="mt-4 w-100" disabled={createOrder.isPending || !hydrated}>
        {t.confirm}
      </Button>
    </Form>
  );
}
