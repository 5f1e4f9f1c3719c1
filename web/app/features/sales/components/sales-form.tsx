import {
  type AdminSalesDetail,
  formatOrderNumber,
  type RecurringInterval,
  SalesDraftBody,
  type SalesKind,
  type ShopMoney,
  salesTotals,
  toMajor,
} from "@agency/contract";
import { Button, Form } from "react-bootstrap";
import { Field, FormActions } from "../../../components/field";
import { formatMoneyInput, MoneyInput, moneyOrUndefined } from "../../../components/money-input";
import { salesForm as t } from "../../../lib/messages";
import { salesOptions, salesWork } from "../../../lib/messages/invoice-payments";
import { useMoney } from "../../../lib/money";
import { useShopMoney } from "../../../lib/site";
import { numberOrUndefined, useContractForm } from "../../../lib/use-contract-form";

type LineFields = {
  description: string;
  quantity: string;
  unitPrice: string;
  recurring: "" | RecurringInterval;
  optional: boolean;
};
type Fields = {
  email: string;
  name: string;
  lines: LineFields[];
  note: string;
  validUntil: string;
  dueDate: string;
  /** An invoice's existing order (work already done), kept as it came. */
  forOrder: { id: string; number: number } | null;
  startsWork: boolean;
};

const emptyLine: LineFields = {
  description: "",
  quantity: "1",
  unitPrice: "",
  recurring: "",
  optional: false,
};

function fromDocument(doc: AdminSalesDetail, typed: ShopMoney): Fields {
  return {
    email: doc.email,
    name: doc.name,
    lines: doc.lines.map((line) => ({
      description: line.description,
      quantity: String(line.quantity),
      unitPrice: formatMoneyInput(line.unitPrice, typed),
      recurring: line.recurring ?? "",
      optional: line.optional,
    })),
    note: doc.note,
    validUntil: doc.validUntil ?? "",
    dueDate: doc.dueDate ?? "",
    forOrder:
      doc.forOrderId && doc.forOrderNumber !== null
        ? { id: doc.forOrderId, number: doc.forOrderNumber }
        : null,
    startsWork: doc.startsWork,
  };
}

/** A new draft; an invoice for an existing order starts no work unless asked to. */
function blank(start: NewSalesStart | undefined): Fields {
  return {
    email: start?.email ?? "",
    name: "",
    lines: [emptyLine],
    note: "",
    validUntil: "",
    dueDate: "",
    forOrder: start?.forOrder ?? null,
    startsWork: !start?.forOrder,
  };
}

/** What a new draft starts with when it is written from an order ("Invoice this order"). */
export type NewSalesStart = { email?: string; forOrder?: { id: string; number: number } };

const labels: Record<string, string> = {
  email: t.email,
  name: t.name,
  lines: t.lines,
  note: t.note,
  validUntil: t.validUntil,
  dueDate: t.dueDate,
  description: t.description,
  quantity: t.quantity,
  unitPrice: t.unitPrice,
  recurring: t.recurring,
};

/** "lines.2.unitPrice" is labelled by its column; "lines" (a rule over all of them) by itself. */
const labelOf = (path: string) => {
  const parts = path.split(".");
  return parts.length === 3 ? `${labels[parts[2] ?? ""] ?? ""}:` : labels[path] ? `${labels[path]}:` : "";
};

function linesOf(values: Fields, typed: ShopMoney, kind: SalesKind) {
  return values.lines.map((line) => ({
    description: line.description,
    quantity: numberOrUndefined(line.quantity),
    unitPrice: moneyOrUndefined(line.unitPrice, typed),
    recurring: line.recurring || null,
    // Only a quote's lines are optional (the client ticks them when accepting).
    optional: kind === "quote" && line.optional,
  }));
}

/**
 * A quote's or invoice's draft: the customer, lines with their live totals, a note and its date.
 * The contract's rules check it here as it is typed and sent; the server checks and prices it again.
 */
export function SalesForm({
  kind,
  editing,
  start,
  onSubmit,
  onCancel,
}: {
  kind: SalesKind;
  editing?: AdminSalesDetail;
  start?: NewSalesStart;
  onSubmit: (body: SalesDraftBody) => Promise<unknown>;
  onCancel?: () => void;
}) {
  // Unit prices are typed as the shop's locale writes numbers ("1.200,50" in de-DE).
  const shop = useShopMoney();
  const form = useContractForm({
    initial: editing ? fromDocument(editing, shop) : blank(start),
    schema: SalesDraftBody,
    toBody: (values: Fields) => ({
      kind,
      email: values.email,
      name: values.name,
      lines: linesOf(values, shop, kind),
      note: values.note,
      validUntil: kind === "quote" ? values.validUntil || null : null,
      dueDate: kind === "invoice" ? values.dueDate || null : null,
      // An edit keeps the company the draft was addressed to.
      companyId: editing?.companyId ?? null,
      forOrderId: kind === "invoice" ? (values.forOrder?.id ?? null) : null,
      startsWork: values.startsWork,
    }),
    label: labelOf,
    onSubmit,
  });
  const { values, problems, set } = form;
  const money = useMoney();
  const prefix = editing ? `sales-${editing._id}` : `sales-new-${kind}`;
  const setLine = (index: number, patch: Partial<LineFields>) =>
    set({ lines: values.lines.map((line, at) => (at === index ? { ...line, ...patch } : line)) });

  // Live totals from what is typed so far (a line not yet a number counts as nothing).
  const typed = values.lines.map((line) => ({
    quantity: Number.isFinite(Number(line.quantity)) ? Number(line.quantity) : 0,
    unitPrice: moneyOrUndefined(line.unitPrice, shop) || 0,
    recurring: line.recurring || null,
    optional: kind === "quote" && line.optional,
  }));
  // Priced in the shop's currency, as the server will price them.
  const totals = salesTotals(typed, shop.currency);
  const dateKey = kind === "quote" ? "validUntil" : "dueDate";

  return (
    <Form noValidate onSubmit={form.submit} aria-label={editing ? editing.label : t.save}>
      <div className="row g-3">
        <Field
          className="col-12 col-md-6"
          id={`${prefix}-email`}
          label={t.email}
          type="email"
          value={values.email}
          onChange={(email) => set({ email })}
          problem={problems.email}
          help={t.emailHelp}
        />
        <Field
          className="col-12 col-md-6"
          id={`${prefix}-name`}
          label={t.name}
          value={values.name}
          onChange={(name) => set({ name })}
          problem={problems.name}
        />
      </div>
      <fieldset className="mt-4">
        <legend className="h6">{t.lines}</legend>
        {values.lines.map((line, index) => {
          const id = (key: string) => `${prefix}-line-${index}-${key}`;
          const problem = (key: string) => problems[`lines.${index}.${key}`];
          const amount = typed[index] ? typed[index].quantity * typed[index].unitPrice : 0;
          return (
            // Lines have no id of their own until saved; their place is who they are.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <div key={index} className="row g-2 align-items-start mb-2" data-testid="sales-line">
              <Field
                className="col-12 col-md-4"
                id={id("description")}
                label={t.description}
                value={line.description}
                onChange={(description) => setLine(index, { description })}
                problem={problem("description")}
              />
              <Field
                className="col-4 col-md-1"
                id={id("quantity")}
                label={t.quantity}
                inputMode="numeric"
                value={line.quantity}
                onChange={(quantity) => setLine(index, { quantity })}
                problem={problem("quantity")}
              />
              <MoneyInput
                className="col-8 col-md-2"
                id={id("unitPrice")}
                label={t.unitPriceIn}
                value={line.unitPrice}
                onChange={(unitPrice) => setLine(index, { unitPrice })}
                problem={problem("unitPrice")}
              />
              <Field className="col-6 col-md-2" id={id("recurring")} label={t.recurring}>
                <Form.Select
                  value={line.recurring}
                  onChange={(event) =>
                    setLine(index, { recurring: event.target.value as LineFields["recurring"] })
                  }
                >
                  <option value="">{t.once}</option>
                  <option value="monthly">{t.intervals.monthly}</option>
                  <option value="yearly">{t.intervals.yearly}</option>
                </Form.Select>
              </Field>
              <output
                className="col-4 col-md-2 pt-md-4 mt-md-2 text-end text-nowrap"
                aria-label={`${t.amount} ${index + 1}`}
              >
                {money(Number.isFinite(amount) ? amount : 0)}
              </output>
              <div className="col-2 col-md-1 pt-md-4 mt-md-1">
                <Button
                  variant="outline-danger"
                  size="sm"
                  aria-label={t.removeLine(index)}
                  disabled={values.lines.length === 1}
                  onClick={() => set({ lines: values.lines.filter((_, at) => at !== index) })}
                >
                  ×
                </Button>
              </div>
              {kind === "quote" ? (
                <div className="col-12">
                  <Form.Check
                    id={id("optional")}
                    className="small"
                    label={salesOptions.optional}
                    checked={line.optional}
                    onChange={(event) => setLine(index, { optional: event.target.checked })}
                    title={salesOptions.optionalHelp}
                  />
                </div>
              ) : null}
            </div>
          );
        })}
        {problems.lines ? (
          <p className="text-danger small mb-2" role="alert">
            {problems.lines}
          </p>
        ) : null}
        <Button
          variant="outline-primary"
          size="sm"
          disabled={values.lines.length >= 50}
          onClick={() => set({ lines: [...values.lines, emptyLine] })}
        >
          {t.addLine}
        </Button>
      </fieldset>
      <p className="mt-3 mb-0 fs-5" aria-live="polite" data-testid="sales-total">
        {t.total}: <strong>{money(toMajor(totals.totalCents, shop.currency))}</strong>
        {totals.interval
          ? ` ${t.recurringAfter(money(toMajor(totals.recurringCents, shop.currency)), totals.interval)}`
          : null}
      </p>
      <div className="row g-3 mt-1">
        <Field
          className="col-12 col-md-8"
          id={`${prefix}-note`}
          label={t.note}
          as="textarea"
          rows={3}
          value={values.note}
          onChange={(note) => set({ note })}
          problem={problems.note}
        />
        <Field
          className="col-12 col-md-4"
          id={`${prefix}-${dateKey}`}
          label={kind === "quote" ? t.validUntil : t.dueDate}
          type="date"
          value={values[dateKey]}
          onChange={(day) => set({ [dateKey]: day })}
          problem={problems[dateKey]}
        />
      </div>
      {kind === "invoice" && values.forOrder ? (
        <p className="mt-3 mb-0">
          {salesWork.forOrder(formatOrderNumber(values.forOrder.number))}{" "}
          <Button
            variant="link"
            size="sm"
            className="p-0 align-baseline"
            onClick={() => set({ forOrder: null, startsWork: true })}
          >
            {salesWork.dropOrder}
          </Button>
        </p>
      ) : null}
      {problems.forOrderId ? (
        <p className="text-danger small mb-0" role="alert">
          {problems.forOrderId}
        </p>
      ) : null}
      <Form.Check
        className="mt-3"
        id={`${prefix}-starts-work`}
        label={salesWork.startsWork}
        checked={values.startsWork}
        onChange={(event) => set({ startsWork: event.target.checked })}
        aria-describedby={`${prefix}-starts-work-help`}
      />
      <Form.Text id={`${prefix}-starts-work-help`} className="d-block">
        {salesWork.startsWorkHelp}
      </Form.Text>
      <FormActions busy={form.busy} submitLabel={t.save} cancelLabel={t.cancel} onCancel={onCancel} />
    </Form>
  );
}
