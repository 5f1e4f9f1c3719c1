import { type AdminPlan, type PromoCode, PromoCodeBody } from "@agency/contract";
import { type FormEvent, useState } from "react";
import { Button, Form } from "react-bootstrap";
import { ApiError } from "../../../lib/api";
import { fromDateTimeLocalInput, toDateTimeLocalInput } from "../../../lib/dates";
import { promoEditor as t } from "../../../lib/messages";

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

const numberOrUndefined = (value: string) => (value.trim() === "" ? undefined : Number(value));

function fromCode(code: PromoCode): Fields {
  return {
    code: code.code,
    kind: code.kind,
    value: String(code.value),
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
  const [values, setValues] = useState<Fields>(editing ? fromCode(editing) : empty);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const prefix = editing ? `promo-${editing._id}` : "promo-new";
  const set = (patch: Partial<Fields>) => setValues({ ...values, ...patch });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = PromoCodeBody.safeParse({
      code: values.code,
      kind: values.kind,
      value: numberOrUndefined(values.value),
      validFrom: fromDateTimeLocalInput(values.validFrom),
      validTo: fromDateTimeLocalInput(values.validTo),
      maxUses: values.maxUses.trim() === "" ? null : Number(values.maxUses),
      planId: values.planId || null,
      appliesTo: values.appliesTo,
      disabled: values.disabled,
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]);
        found[key] ??= `${labels[key] ?? key} ${issue.message}`;
      }
      setProblems(found);
      return;
    }
    setProblems({});
    setBusy(true);
    try {
      await onSubmit(parsed.data);
      if (!editing) setValues(empty);
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        setProblems(
          Object.fromEntries(
            Object.entries(error.fields).map(([key, message]) => [key, `${labels[key] ?? key} ${message}`]),
          ),
        );
      }
    } finally {
      setBusy(false);
    }
  }

  const control = (key: "code" | "value" | "maxUses" | "validFrom" | "validTo", type = "text") => (
    <Form.Group className="col-12 col-md-4" controlId={`${prefix}-${key}`}>
      <Form.Label>{labels[key]}</Form.Label>
      <Form.Control
        type={type}
        inputMode={key === "value" || key === "maxUses" ? "decimal" : undefined}
        value={values[key]}
        onChange={(event) => set({ [key]: event.target.value })}
        isInvalid={Boolean(problems[key])}
      />
      <Form.Control.Feedback type="invalid">{problems[key]}</Form.Control.Feedback>
    </Form.Group>
  );

  return (
    <Form noValidate onSubmit={submit} aria-label={editing ? `${t.edit}: ${editing.code}` : t.add}>
      <div className="row g-3">
        {control("code")}
        <Form.Group className="col-6 col-md-4" controlId={`${prefix}-kind`}>
          <Form.Label>{t.kind}</Form.Label>
          <Form.Select
            value={values.kind}
            onChange={(event) => set({ kind: event.target.value as Fields["kind"] })}
          >
            <option value="percent">{t.percent}</option>
            <option value="fixed">{t.fixed}</option>
          </Form.Select>
        </Form.Group>
        {control("value")}
        {control("validFrom", "datetime-local")}
        {control("validTo", "datetime-local")}
        {control("maxUses")}
        <Form.Group className="col-12 col-md-4" controlId={`${prefix}-planId`}>
          <Form.Label>{t.plan}</Form.Label>
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
          <Form.Control.Feedback type="invalid">{problems.planId}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="col-12 col-md-4" controlId={`${prefix}-appliesTo`}>
          <Form.Label>{t.appliesTo}</Form.Label>
          <Form.Select
            value={values.appliesTo}
            onChange={(event) => set({ appliesTo: event.target.value as Fields["appliesTo"] })}
          >
            <option value="first">{t.first}</option>
            <option value="every">{t.every}</option>
          </Form.Select>
        </Form.Group>
        <Form.Check
          className="col-12 col-md-4 align-self-end"
          id={`${prefix}-disabled`}
          label={t.disabled}
          checked={values.disabled}
          onChange={(event) => set({ disabled: event.target.checked })}
        />
      </div>
      <div className="d-flex gap-2 mt-3">
        <Button type="submit" disabled={busy}>
          {editing ? t.save : t.create}
        </Button>
        {onCancel ? (
          <Button variant="outline-secondary" onClick={onCancel}>
            {t.cancel}
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
