import {
  type AdminPlan,
  currencyLabel,
  type PromoCode,
  PromoCodeBody,
  type ShopMoney,
} from "@agency/contract";
import { Form } from "react-bootstrap";
import { Field, FormActions } from "../../../components/field";
import { formatMoneyInput, MoneyInput, moneyOrUndefined } from "../../../components/money-input";
import { fromDateTimeLocalInput, toDateTimeLocalInput } from "../../../lib/dates";
import { promoEditor as t } from "../../../lib/messages";
import { useShopMoney } from "../../../lib/site";
import { numberOrUndefined, useContractForm } from "../../../lib/use-contract-form";

type Fields = {
  code: string;
  kind: "percent" | "fixed";
  value: string;
  validFrom: string;
  validTo: string;
  maxUses: string;
  planId: string;
  appliesTo: "first" | "every";
  disabled: boolean;
};

const empty: Fields = {
  code: "",
  kind: "percent",
  value: "",
  validFrom: "",
  validTo: "",
  maxUses: "",
  planId: "",
  appliesTo: "first",
  disabled: false,
};

function fromCode(code: PromoCode, money: ShopMoney): Fields {
  return {
    code: code.code,
    kind: code.kind,
    // A fixed discount is an amount, typed as the shop's locale writes it; a percentage is not.
    value: code.kind === "fixed" ? formatMoneyInput(code.value, money) : String(code.value),
    validFrom: toDateTimeLocalInput(code.validFrom),
    validTo: toDateTimeLocalInput(code.validTo),
    maxUses: code.maxUses === null ? "" : String(code.maxUses),
    planId: code.planId ?? "",
    appliesTo: code.appliesTo,
    disabled: code.disabled,
  };
}

const labels: Record<string, string> = {
  code: t.code,
  kind: t.kind,
  value: t.value,
  validFrom: t.validFrom,
  validTo: t.validTo,
  maxUses: t.maxUses,
  planId: t.plan,
  appliesTo: t.appliesTo,
};

/** The owner's promo code: checked here by the contract's rules for quick feedback, and again on the server. */
export function PromoCodeForm({
  editing,
  plans,
  onSubmit,
  onCancel,
}: {
  editing?: PromoCode;
  plans: AdminPlan[];
  onSubmit: (body: PromoCodeBody) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const money = useShopMoney();
  const form = useContractForm({
    initial: editing ? fromCode(editing, money) : empty,
    schema: PromoCodeBody,
    toBody: (values: Fields) => ({
      code: values.code,
      kind: values.kind,
      value:
        values.kind === "fixed" ? moneyOrUndefined(values.value, money) : numberOrUndefined(values.value),
      validFrom: fromDateTimeLocalInput(values.validFrom),
      validTo: fromDateTimeLocalInput(values.validTo),
      maxUses: values.maxUses.trim() === "" ? null : Number(values.maxUses),
      planId: values.planId || null,
      appliesTo: values.appliesTo,
      disabled: values.disabled,
    }),
    label: (key) => labels[key] ?? key,
    onSubmit,
    resetAfterSubmit: !editing,
  });
  const { values, problems, set } = form;
  const { currency } = money;
  const prefix = editing ? `promo-${editing._id}` : "promo-new";

  const control = (key: "code" | "value" | "maxUses" | "validFrom" | "validTo", type = "text") => (
    <Field
      className="col-12 col-md-4"
      id={`${prefix}-${key}`}
      label={labels[key]}
      type={type}
      inputMode={key === "value" || key === "maxUses" ? "decimal" : undefined}
      value={values[key]}
      onChange={(value) => set({ [key]: value })}
      problem={problems[key]}
    />
  );

  return (
    <Form noValidate onSubmit={form.submit} aria-label={editing ? `${t.edit}: ${editing.code}` : t.add}>
      <div className="row g-3">
        {control("code")}
        <Field className="col-6 col-md-4" id={`${prefix}-kind`} label={t.kind}>
          <Form.Select
            value={values.kind}
            onChange={(event) => set({ kind: event.target.value as Fields["kind"] })}
          >
            <option value="percent">{t.percent}</option>
            <option value="fixed">{t.fixed}</option>
          </Form.Select>
        </Field>
        {values.kind === "fixed" ? (
          <MoneyInput
            className="col-12 col-md-4"
            id={`${prefix}-value`}
            label={t.value}
            help={t.inCurrency(currencyLabel(currency))}
            value={values.value}
            onChange={(value) => set({ value })}
            problem={problems.value}
          />
        ) : (
          control("value")
        )}
        {control("validFrom", "datetime-local")}
        {control("validTo", "datetime-local")}
        {control("maxUses")}
        <Field className="col-12 col-md-4" id={`${prefix}-planId`} label={t.plan} problem={problems.planId}>
          <Form.Select
            value={values.planId}
            onChange={(event) => set({ planId: event.target.value })}
            isInvalid={Boolean(problems.planId)}
          >
            <option value="">{t.allPlans}</option>
            {plans.map((plan) => (
              <option key={plan._id} value={plan._id}>
                {plan.service} ({plan.duration})
              </option>
            ))}
          </Form.Select>
        </Field>
        <Field className="col-12 col-md-4" id={`${prefix}-appliesTo`} label={t.appliesTo}>
          <Form.Select
            value={values.appliesTo}
            onChange={(event) => set({ appliesTo: event.target.value as Fields["appliesTo"] })}
          >
            <option value="first">{t.first}</option>
            <option value="every">{t.every}</option>
          </Form.Select>
        </Field>
        <Form.Check
          className="col-12 col-md-4 align-self-end"
          id={`${prefix}-disabled`}
          label={t.disabled}
          checked={values.disabled}
          onChange={(event) => set({ disabled: event.target.checked })}
        />
      </div>
      <FormActions
        busy={form.busy}
        submitLabel={editing ? t.save : t.create}
        cancelLabel={t.cancel}
        onCancel={onCancel}
      />
    </Form>
  );
}
