import { type AdminPlan, CreatePlanBody, PlanDetailsBody } from "@agency/contract";
import { type FormEvent, useState } from "react";
import { Button, Form } from "react-bootstrap";
import { catalogEditor as t } from "../../../lib/messages";
import { type Problems, problemsOf, serverProblems } from "./form-problems";

type Feature = { name: string; detail: string; included: boolean };
type Fields = {
  service: string;
  title: string;
  duration: "monthly" | "yearly";
  month: string;
  oldPrice: string;
  newPrice: string;
  features: Feature[];
  highlighted: boolean;
  backgroundColor: string;
  color: string;
};

const blankFeature = (): Feature => ({ name: "", detail: "", included: true });
const empty = (): Fields => ({
  service: "",
  title: "",
  duration: "monthly",
  month: "month",
  oldPrice: "",
  newPrice: "",
  features: [blankFeature(), blankFeature(), blankFeature(), blankFeature()],
  highlighted: false,
  backgroundColor: "#ffffff",
  color: "#1f2a44",
});

function fromPlan(plan: AdminPlan): Fields {
  return {
    service: plan.service,
    title: plan.title,
    duration: plan.duration,
    month: plan.month,
    oldPrice: String(plan.oldPrice),
    newPrice: String(plan.newPrice),
    features: plan.serviceName.map((name, index) => ({
      name,
      detail: plan.serviceTitle[index] ?? "",
      included: plan.included[index] ?? false,
    })),
    highlighted: plan.highlighted,
    backgroundColor: plan.backgroundColor,
    color: plan.color,
  };
}

const labels: Record<string, string> = {
  service: t.planName,
  title: t.planTagline,
  duration: t.planBilling,
  month: t.planPeriodLabel,
  oldPrice: t.oldPrice,
  newPrice: t.newPrice,
  features: "Features",
  backgroundColor: t.backgroundColor,
  color: t.textColor,
};

function label(path: string): string {
  const feature = /^features\.(\d)\.(name|detail)$/.exec(path);
  if (feature) {
    const part = feature[2] === "name" ? t.featureName : t.featureDetail;
    return `${t.feature(Number(feature[1]))} ${part.toLowerCase()}`;
  }
  return labels[path] ?? path;
}

/** An empty price box is no number at all, so the schema says it is missing. */
const amount = (value: string) => (value.trim() === "" ? undefined : Number(value));

/**
 * A plan's name, tagline, billing, four features with a tick or a cross each, highlight and colours;
 * a new plan has its prices too (an existing plan's prices change through the price form).
 */
export function PlanForm({
  editing,
  onCreate,
  onUpdate,
  onCancel,
}: {
  editing?: AdminPlan;
  onCreate?: (body: CreatePlanBody) => Promise<unknown>;
  onUpdate?: (body: PlanDetailsBody) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState<Fields>(editing ? fromPlan(editing) : empty());
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const prefix = editing ? `plan-${editing._id}` : "plan-new";

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { oldPrice, newPrice, ...details } = values;
    const parsed = editing
      ? PlanDetailsBody.safeParse(details)
      : CreatePlanBody.safeParse({ ...details, oldPrice: amount(oldPrice), newPrice: amount(newPrice) });
    if (!parsed.success) {
      setProblems(problemsOf(parsed.error, label));
      return;
    }
    setProblems({});
    setBusy(true);
    try {
      if (editing) await onUpdate?.(parsed.data as PlanDetailsBody);
      else await onCreate?.(parsed.data as CreatePlanBody);
      if (!editing) setValues(empty());
    } catch (error) {
      setProblems(serverProblems(error, label) ?? {});
    } finally {
      setBusy(false);
    }
  }

  const set = (patch: Partial<Fields>) => setValues({ ...values, ...patch });
  const setFeature = (index: number, patch: Partial<Feature>) =>
    set({
      features: values.features.map((feature, at) => (at === index ? { ...feature, ...patch } : feature)),
    });

  const text = (key: "service" | "title" | "month" | "oldPrice" | "newPrice", numeric = false) => (
    <Form.Group className="col-12 col-md-6" controlId={`${prefix}-${key}`}>
      <Form.Label>{labels[key]}</Form.Label>
      <Form.Control
        value={values[key]}
        inputMode={numeric ? "decimal" : undefined}
        onChange={(event) => set({ [key]: event.target.value })}
        isInvalid={Boolean(problems[key])}
      />
      <Form.Control.Feedback type="invalid">{problems[key]}</Form.Control.Feedback>
    </Form.Group>
  );

  const colour = (key: "backgroundColor" | "color") => (
    <Form.Group className="col-6 col-md-3" controlId={`${prefix}-${key}`}>
      <Form.Label>{labels[key]}</Form.Label>
      <Form.Control
        value={values[key]}
        onChange={(event) => set({ [key]: event.target.value })}
        isInvalid={Boolean(problems[key])}
      />
      <Form.Control.Feedback type="invalid">{problems[key]}</Form.Control.Feedback>
    </Form.Group>
  );

  return (
    <Form noValidate onSubmit={submit} aria-label={editing ? `${t.edit}: ${editing.service}` : t.addPlan}>
      <div className="row g-3">
        {text("service")}
        {text("title")}
        <Form.Group className="col-6 col-md-3" controlId={`${prefix}-duration`}>
          <Form.Label>{t.planBilling}</Form.Label>
          <Form.Select
            value={values.duration}
            onChange={(event) => set({ duration: event.target.value as Fields["duration"] })}
          >
            <option value="monthly">{t.monthly}</option>
            <option value="yearly">{t.yearly}</option>
          </Form.Select>
        </Form.Group>
        {text("month")}
        {editing ? null : (
          <>
            {text("oldPrice", true)}
            {text("newPrice", true)}
          </>
        )}
        {values.features.map((feature, index) => (
          <fieldset key={t.feature(index)} className="col-12 col-md-6 border rounded p-2">
            <legend className="fs-6 fw-semibold float-none w-auto px-1 mb-1">{t.feature(index)}</legend>
            <div className="row g-2">
              {(["name", "detail"] as const).map((part) => {
                const path = `features.${index}.${part}`;
                return (
                  <Form.Group key={part} className="col-6" controlId={`${prefix}-${path}`}>
                    <Form.Label className="small">{label(path)}</Form.Label>
                    <Form.Control
                      size="sm"
                      value={feature[part]}
                      onChange={(event) => setFeature(index, { [part]: event.target.value })}
                      isInvalid={Boolean(problems[path])}
                    />
                    <Form.Control.Feedback type="invalid">{problems[path]}</Form.Control.Feedback>
                  </Form.Group>
                );
              })}
              <Form.Check
                className="col-12"
                id={`${prefix}-features.${index}.included`}
                label={`${t.feature(index)}: ${t.featureIncluded}`}
                checked={feature.included}
                onChange={(event) => setFeature(index, { included: event.target.checked })}
              />
            </div>
          </fieldset>
        ))}
        {problems.features ? <div className="col-12 text-danger small">{problems.features}</div> : null}
        {colour("backgroundColor")}
        {colour("color")}
        <Form.Check
          className="col-12 col-md-6 align-self-end"
          id={`${prefix}-highlighted`}
          label={t.highlighted}
          checked={values.highlighted}
          onChange={(event) => set({ highlighted: event.target.checked })}
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
