import {
  type AdminPlan,
  CreatePlanBody,
  currencyLabel,
  PlanDetailsBody,
  TurnaroundDays,
} from "@agency/contract";
import { Form } from "react-bootstrap";
import { Field, FormActions } from "../../../components/field";
import { MoneyInput, moneyOrUndefined } from "../../../components/money-input";
import { catalogEditor as t } from "../../../lib/messages";
import { useShopMoney } from "../../../lib/site";
import { numberOrUndefined, useContractForm } from "../../../lib/use-contract-form";

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
  turnaroundDays: string;
  expectedHours: string;
  hoursToClient: boolean;
};

// The editor always says the turnaround (the API keeps a plan's own when a call leaves it out).
const detailsSchema = PlanDetailsBody.extend({ turnaroundDays: TurnaroundDays });
const createSchema = CreatePlanBody.extend({ turnaroundDays: TurnaroundDays });

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
  turnaroundDays: "7",
  expectedHours: "",
  hoursToClient: false,
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
    turnaroundDays: String(plan.turnaroundDays),
    expectedHours: plan.expectedHours === null ? "" : String(plan.expectedHours),
    hoursToClient: plan.hoursToClient,
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
  turnaroundDays: t.turnaround,
  expectedHours: t.expectedHours,
};

function label(path: string): string {
  const feature = /^features\.(\d)\.(name|detail)$/.exec(path);
  if (feature) {
    const part = feature[2] === "name" ? t.featureName : t.featureDetail;
    return `${t.feature(Number(feature[1]))} ${part.toLowerCase()}`;
  }
  return labels[path] ?? path;
}

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
  const money = useShopMoney();
  const form = useContractForm<Fields, CreatePlanBody | PlanDetailsBody>({
    initial: editing ? fromPlan(editing) : empty,
    schema: editing ? detailsSchema : createSchema,
    toBody: ({ oldPrice, newPrice, turnaroundDays, expectedHours, ...fields }) => {
      const details = {
        ...fields,
        turnaroundDays: numberOrUndefined(turnaroundDays),
        // Empty: not said (null), which an edit keeps as such.
        expectedHours: numberOrUndefined(expectedHours.replace(",", ".")) ?? null,
      };
      return editing
        ? details
        : {
            ...details,
            oldPrice: moneyOrUndefined(oldPrice, money),
            newPrice: moneyOrUndefined(newPrice, money),
          };
    },
    label,
    onSubmit: async (body) => {
      if (editing) await onUpdate?.(body as PlanDetailsBody);
      else await onCreate?.(body as CreatePlanBody);
    },
    resetAfterSubmit: !editing,
  });
  const { values, problems, set } = form;
  const { currency } = money;
  const prefix = editing ? `plan-${editing._id}` : "plan-new";
  const setFeature = (index: number, patch: Partial<Feature>) =>
    set({
      features: values.features.map((feature, at) => (at === index ? { ...feature, ...patch } : feature)),
    });

  const text = (key: "service" | "title" | "month") => (
    <Field
      className="col-12 col-md-6"
      id={`${prefix}-${key}`}
      label={labels[key]}
      value={values[key]}
      onChange={(value) => set({ [key]: value })}
      problem={problems[key]}
    />
  );

  const price = (key: "oldPrice" | "newPrice") => (
    <MoneyInput
      className="col-12 col-md-6"
      id={`${prefix}-${key}`}
      label={t[key]}
      help={t.inCurrency(currencyLabel(currency))}
      value={values[key]}
      onChange={(value) => set({ [key]: value })}
      problem={problems[key]}
    />
  );

  const colour = (key: "backgroundColor" | "color") => (
    <Field
      className="col-6 col-md-3"
      id={`${prefix}-${key}`}
      label={labels[key]}
      value={values[key]}
      onChange={(value) => set({ [key]: value })}
      problem={problems[key]}
    />
  );

  return (
    <Form
      noValidate
      onSubmit={form.submit}
      aria-label={editing ? `${t.edit}: ${editing.service}` : t.addPlan}
    >
      <div className="row g-3">
        {text("service")}
        {text("title")}
        <Field className="col-6 col-md-3" id={`${prefix}-duration`} label={t.planBilling}>
          <Form.Select
            value={values.duration}
            onChange={(event) => set({ duration: event.target.value as Fields["duration"] })}
          >
            <option value="monthly">{t.monthly}</option>
            <option value="yearly">{t.yearly}</option>
          </Form.Select>
        </Field>
        {text("month")}
        {editing ? null : (
          <>
            {price("oldPrice")}
            {price("newPrice")}
          </>
        )}
        {values.features.map((feature, index) => (
          <fieldset key={t.feature(index)} className="col-12 col-md-6 border rounded p-2">
            <legend className="fs-6 fw-semibold float-none w-auto px-1 mb-1">{t.feature(index)}</legend>
            <div className="row g-2">
              {(["name", "detail"] as const).map((part) => {
                const path = `features.${index}.${part}`;
                return (
                  <Field
                    key={part}
                    className="col-6"
                    id={`${prefix}-${path}`}
                    label={label(path)}
                    labelClassName="small"
                    size="sm"
                    value={feature[part]}
                    onChange={(value) => setFeature(index, { [part]: value })}
                    problem={problems[path]}
                  />
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
        <Field
          className="col-6 col-md-3"
          id={`${prefix}-turnaroundDays`}
          label={t.turnaround}
          help={t.turnaroundHint}
          type="number"
          inputMode="numeric"
          step="1"
          value={values.turnaroundDays}
          onChange={(value) => set({ turnaroundDays: value })}
          problem={problems.turnaroundDays}
        />
        <Field
          className="col-6 col-md-3"
          id={`${prefix}-expectedHours`}
          label={t.expectedHours}
          help={t.expectedHoursHint}
          type="number"
          inputMode="decimal"
          step="0.25"
          value={values.expectedHours}
          onChange={(value) => set({ expectedHours: value })}
          problem={problems.expectedHours}
        />
        <Form.Check
          className="col-12 col-md-6 align-self-end"
          id={`${prefix}-hoursToClient`}
          label={t.hoursToClient}
          checked={values.hoursToClient}
          onChange={(event) => set({ hoursToClient: event.target.checked })}
        />
        <Form.Check
          className="col-12 col-md-6 align-self-end"
          id={`${prefix}-highlighted`}
          label={t.highlighted}
          checked={values.highlighted}
          onChange={(event) => set({ highlighted: event.target.checked })}
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
