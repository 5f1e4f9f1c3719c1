import { type AdminPlan, currencyLabel, PlanPriceBody } from "@agency/contract";
import { Form } from "react-bootstrap";
import { FormActions } from "../../../components/field";
import {
  formatMoneyInput,
  MoneyInput,
  moneyOrUndefined,
  useMoneyInput,
} from "../../../components/money-input";
import { catalogEditor as t } from "../../../lib/messages";
import { useContractForm } from "../../../lib/use-contract-form";

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
  const money = useMoneyInput(plan.currency);
  const form = useContractForm({
    initial: {
      oldPrice: formatMoneyInput(plan.oldPrice, money),
      newPrice: formatMoneyInput(plan.newPrice, money),
      applyToRenewals: false,
    },
    schema: PlanPriceBody,
    toBody: (values) => ({
      ...values,
      oldPrice: moneyOrUndefined(values.oldPrice, money),
      newPrice: moneyOrUndefined(values.newPrice, money),
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
          <MoneyInput
            key={key}
            className="col-6"
            id={`${prefix}-${key}`}
            label={t[key]}
            currency={plan.currency}
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
