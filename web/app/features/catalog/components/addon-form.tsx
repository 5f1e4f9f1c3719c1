import { AddonBody, type PlanAddon } from "@agency/contract";
import { Form } from "react-bootstrap";
import { Field, FormActions } from "../../../components/field";
import {
  formatMoneyInput,
  MoneyInput,
  moneyOrUndefined,
  useMoneyInput,
} from "../../../components/money-input";
import { catalogEditor as t } from "../../../lib/messages";
import { useContractForm } from "../../../lib/use-contract-form";

type Fields = { name: string; price: string; recurring: boolean };
const labels: Record<keyof Fields, string> = {
  name: t.addonName,
  price: t.addonPrice,
  recurring: t.addonBilling,
};
const label = (path: string) => labels[path as keyof Fields] ?? path;

/**
 * An add-on of a plan: its name, its price and whether it is charged once (with the first payment)
 * or every period (with the plan's renewals).
 */
export function AddonForm({
  planId,
  currency,
  editing,
  onSubmit,
  onCancel,
}: {
  planId: string;
  /** The plan's currency, which its add-ons are priced in. */
  currency?: string;
  editing?: PlanAddon;
  onSubmit: (body: AddonBody) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const money = useMoneyInput(currency);
  const form = useContractForm({
    initial: editing
      ? { name: editing.name, price: formatMoneyInput(editing.price, money), recurring: editing.recurring }
      : { name: "", price: "", recurring: false },
    schema: AddonBody,
    toBody: (values: Fields) => ({ ...values, price: moneyOrUndefined(values.price, money) }),
    label,
    onSubmit,
    resetAfterSubmit: !editing,
  });
  const { values, problems, set } = form;
  const prefix = editing ? `addon-${editing._id}` : `addon-new-${planId}`;

  return (
    <Form noValidate onSubmit={form.submit} aria-label={editing ? t.editAddon(editing.name) : t.addAddon}>
      <div className="row g-3">
        <Field
          className="col-12 col-md-6"
          id={`${prefix}-name`}
          label={labels.name}
          maxLength={80}
          value={values.name}
          onChange={(name) => set({ name })}
          problem={problems.name}
        />
        <MoneyInput
          className="col-12 col-md-6"
          id={`${prefix}-price`}
          label={labels.price}
          currency={currency}
          value={values.price}
          onChange={(price) => set({ price })}
          problem={problems.price}
        />
        <fieldset className="col-12">
          <legend className="fs-6 mb-1">{labels.recurring}</legend>
          <Form.Check
            type="radio"
            id={`${prefix}-once`}
            name={`${prefix}-billing`}
            label={t.addonOnce}
            checked={!values.recurring}
            onChange={() => set({ recurring: false })}
          />
          <Form.Check
            type="radio"
            id={`${prefix}-every`}
            name={`${prefix}-billing`}
            label={t.addonEvery}
            checked={values.recurring}
            onChange={() => set({ recurring: true })}
          />
          {problems.recurring ? <div className="invalid-feedback d-block">{problems.recurring}</div> : null}
        </fieldset>
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
