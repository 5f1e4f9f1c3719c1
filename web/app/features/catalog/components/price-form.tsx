import { type AdminPlan, currencyLabel, PlanPriceBody } from "@agency/contract";
import { Form } from "react-bootstrap";
import { Field, FormActions } from "../../../components/field";
import { catalogEditor as t } from "../../../lib/messages";
import { numberOrUndefined, useContractForm } from "../../../lib/use-contract-form";

const labels: Record<string, string> = { oldPrice: t.oldPrice, newPrice: t.newPrice };
const label = (path: string) => labels[path] ?? path;

/**
 * A plan's new prices. New orders pay them at once; current subscribers keep renewing at theirs
 * unless the owner ticks the renewal option (then they are mailed a notice).
 */
export function PriceForm({
  plan,
  onSubmit,
  onCancel,
}: {
  plan: AdminPlan;
  onSubmit: (body: PlanPriceBody) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useContractForm({
    initial: { oldPrice: String(plan.oldPrice), newPrice: String(plan.newPrice), applyToRenewals: false },
    schema: PlanPriceBody,
    toBody: (values) => ({
      ...values,
      oldPrice: numberOrUndefined(values.oldPrice),
      newPrice: numberOrUndefined(values.newPrice),
    }),
    label,
    onSubmit,
  });
  const { values, problems, set } = form;
  const prefix = `price-${plan._id}`;

  return (
    <Form noValidate onSubmit={form.submit} aria-label={t.priceHeading(plan.service)}>
      <p className="fw-semibold mb-2">{t.priceHeading(`${plan.service} (${plan.duration})`)}</p>
      <div className="row g-3">
        {(["oldPrice", "newPrice"] as const).map((key) => (
          <Field
            key={key}
            className="col-6"
            id={`${prefix}-${key}`}
            label={labels[key]}
            inputMode="decimal"
            help={t.inCurrency(currencyLabel(plan.currency))}
            value={values[key]}
            onChange={(value) => set({ [key]: value })}
            problem={problems[key]}
          />
        ))}
        <Form.Check
          className="col-12"
          id={`${prefix}-renewals`}
          label={t.applyToRenewals}
          checked={values.applyToRenewals}
          onChange={(event) => set({ applyToRenewals: event.target.checked })}
        />
      </div>
      <FormActions busy={form.busy} submitLabel={t.savePrice} cancelLabel={t.cancel} onCancel={onCancel} />
    </Form>
  );
}
