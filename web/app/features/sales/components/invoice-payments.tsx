import {
  type AdminSalesDetail,
  type InvoicePayment,
  RecordInvoicePaymentBody,
  RefundRecordedPaymentBody,
  recordedPaymentMethodLabels,
  recordedPaymentMethods,
} from "@agency/contract";
import { type ReactNode, useId, useState } from "react";
import { Button, Form } from "react-bootstrap";
import { DataList } from "../../../components/data-list";
import { Field, FormActions } from "../../../components/field";
import { LoadError } from "../../../components/load-error";
import {
  formatMoneyInput,
  MoneyInput,
  moneyOrUndefined,
  useMoneyInput,
} from "../../../components/money-input";
import { formatBillingDate } from "../../../lib/dates";
import { invoicePaymentsPanel as t } from "../../../lib/messages/invoice-payments";
import { useMoney } from "../../../lib/money";
import { saveWithToasts } from "../../../lib/toast";
import { useContractForm } from "../../../lib/use-contract-form";
import { useInvoicePaymentRecorder, useInvoicePayments } from "../api/invoice-payments";

/** The states in which an invoice still takes money (its due day may have passed). */
const takesMoney = new Set(["sent", "viewed", "overdue", "accepted"]);

/** Today as the date box writes it, in the browser's own day. */
function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

type Props = {
  invoice: AdminSalesDetail;
  /** Whether the member may record money received and given back (the server checks it again). */
  canRecord: boolean;
  /** The way to a payment's receipt or a refund's credit note (the receipts' own link). */
  receiptLink: (payment: InvoicePayment) => ReactNode;
};

/**
 * An invoice's money: what it took by card or was recorded as received, the refunds of it, what is
 * paid and what is due; for a member who may, the forms that record a transfer (or cash) received
 * and money given back of it.
 */
export function InvoicePaymentsPanel({ invoice, canRecord, receiptLink }: Props) {
  const headingId = useId();
  const listing = useInvoicePayments(invoice._id);
  const shopMoney = useMoney();
  const [refunding, setRefunding] = useState<InvoicePayment | null>(null);
  if (listing.isPending) return null;
  if (listing.isError) return <LoadError message={t.failed} query={listing} />;
  const { payments, amountPaid, amountDue, currency } = listing.data;
  const money = (amount: number) => shopMoney(amount, currency);
  // Money recorded for work that starts when paid opens its order, in full (the server checks).
  const recording = canRecord && takesMoney.has(invoice.state) && amountDue > 0;

  return (
    <section aria-labelledby={headingId} className="mt-4">
      <h2 id={headingId} className="h6">
        {t.heading}
      </h2>
      <p className="mb-2">
        <span className="me-3">{t.paid(money(amountPaid))}</span>
        <span className="fw-semibold">{t.due(money(amountDue))}</span>
      </p>
      {payments.length === 0 ? (
        <p className="text-body-secondary small">{t.none}</p>
      ) : (
        <DataList
          labelledBy={headingId}
          rows={payments}
          rowKey={(payment) => payment._id}
          columns={[
            { header: t.columns.date, cell: (payment) => formatBillingDate(payment.date) },
            {
              header: t.columns.method,
              cell: (payment) =>
                payment.method === "card" ? t.card : recordedPaymentMethodLabels[payment.method],
            },
            {
              header: t.columns.amount,
              className: "text-nowrap",
              cell: (payment) => money(payment.amount),
            },
            {
              header: t.columns.reference,
              long: true,
              cell: (payment) => (
                <>
                  {payment.refundReason ? t.refundOf(payment.refundReason) : (payment.reference ?? "")}
                  {payment.recordedBy ? (
                    <div className="small text-body-secondary">{t.recordedBy(payment.recordedBy)}</div>
                  ) : null}
                </>
              ),
            },
            { header: t.columns.receipt, cell: (payment) => receiptLink(payment) },
            {
              header: t.columns.actions,
              cell: (payment) =>
                canRecord && payment.refundable !== null && payment.refundable > 0 ? (
                  <Button size="sm" variant="outline-danger" onClick={() => setRefunding(payment)}>
                    {t.refund}
                  </Button>
                ) : null,
            },
          ]}
        />
      )}
      {refunding ? (
        <RefundRecordedForm
          key={refunding._id}
          invoiceId={invoice._id}
          payment={refunding}
          currency={currency}
          onDone={() => setRefunding(null)}
        />
      ) : null}
      {recording ? <RecordPaymentForm invoiceId={invoice._id} currency={currency} due={amountDue} /> : null}
    </section>
  );
}

const recordLabels: Record<string, string> = {
  date: t.record.date,
  amount: t.record.amount,
  method: t.record.method,
  reference: t.record.reference,
};

/** Money received outside the card: the day, how much (all that is due, unless changed), how and its reference. */
function RecordPaymentForm({
  invoiceId,
  currency,
  due,
}: {
  invoiceId: string;
  currency: string;
  due: number;
}) {
  const id = useId();
  const typed = useMoneyInput(currency);
  const shopMoney = useMoney();
  const recorder = useInvoicePaymentRecorder(invoiceId);
  const dueText = (amount: number) => formatMoneyInput(amount, typed);
  const form = useContractForm({
    initial: { date: today(), amount: dueText(due), method: "bank_transfer", reference: "" },
    schema: RecordInvoicePaymentBody,
    toBody: (values) => ({ ...values, amount: moneyOrUndefined(values.amount, typed) }),
    label: (path) => recordLabels[path] ?? path,
    onSubmit: async (body) => {
      const after = await saveWithToasts(
        () => recorder.record.mutateAsync(body),
        t.record.done(shopMoney(body.amount, currency)),
      );
      form.set({ date: today(), amount: after.amountDue > 0 ? dueText(after.amountDue) : "", reference: "" });
    },
  });
  const { values, problems, set } = form;
  return (
    <Form
      noValidate
      onSubmit={form.submit}
      aria-labelledby={`${id}-heading`}
      className="border-top pt-3 mt-3"
    >
      <h3 id={`${id}-heading`} className="h6">
        {t.record.heading}
      </h3>
      <p className="small text-body-secondary">{t.record.lead}</p>
      <div className="row g-3">
        <Field
          id={`${id}-date`}
          label={t.record.date}
          type="date"
          value={values.date}
          onChange={(date) => set({ date })}
          problem={problems.date}
          className="col-12 col-sm-6"
        />
        <MoneyInput
          id={`${id}-amount`}
          label={t.record.amount}
          currency={currency}
          value={values.amount}
          onChange={(amount) => set({ amount })}
          problem={problems.amount}
          className="col-12 col-sm-6"
        />
        <Field
          id={`${id}-method`}
          label={t.record.method}
          problem={problems.method}
          className="col-12 col-sm-6"
        >
          <Form.Select value={values.method} onChange={(event) => set({ method: event.target.value })}>
            {recordedPaymentMethods.map((method) => (
              <option key={method} value={method}>
                {recordedPaymentMethodLabels[method]}
              </option>
            ))}
          </Form.Select>
        </Field>
        <Field
          id={`${id}-reference`}
          label={t.record.reference}
          maxLength={200}
          value={values.reference}
          onChange={(reference) => set({ reference })}
          problem={problems.reference}
          help={t.record.referenceHelp}
          className="col-12 col-sm-6"
        />
      </div>
      <FormActions busy={form.busy || recorder.record.isPending} submitLabel={t.record.submit} />
    </Form>
  );
}

const refundLabels: Record<string, string> = {
  date: t.refundForm.date,
  amount: t.refundForm.amount,
  reason: t.refundForm.reason,
};

/** Money given back of one recorded payment: at most what is left of it, with the reason its credit note prints. */
function RefundRecordedForm({
  invoiceId,
  payment,
  currency,
  onDone,
}: {
  invoiceId: string;
  payment: InvoicePayment;
  currency: string;
  onDone: () => void;
}) {
  const id = useId();
  const typed = useMoneyInput(currency);
  const shopMoney = useMoney();
  const money = (amount: number) => shopMoney(amount, currency);
  const recorder = useInvoicePaymentRecorder(invoiceId);
  const left = payment.refundable ?? 0;
  const form = useContractForm({
    initial: { date: today(), amount: "", reason: "" },
    schema: RefundRecordedPaymentBody,
    toBody: (values) => ({ ...values, amount: moneyOrUndefined(values.amount, typed) }),
    label: (path) => refundLabels[path] ?? path,
    onSubmit: async (body) => {
      await saveWithToasts(
        () => recorder.refund.mutateAsync({ paymentId: payment._id, body }),
        t.refundForm.done(money(body.amount)),
      );
      onDone();
    },
  });
  const { values, problems, set } = form;
  return (
    <Form
      noValidate
      onSubmit={form.submit}
      aria-labelledby={`${id}-heading`}
      className="border-top pt-3 mt-3"
    >
      <h3 id={`${id}-heading`} className="h6">
        {t.refundForm.heading(money(payment.amount))}
      </h3>
      <div className="row g-3">
        <Field
          id={`${id}-date`}
          label={t.refundForm.date}
          type="date"
          value={values.date}
          onChange={(date) => set({ date })}
          problem={problems.date}
          className="col-12 col-sm-6"
        />
        <MoneyInput
          id={`${id}-amount`}
          label={t.refundForm.amount}
          currency={currency}
          value={values.amount}
          onChange={(amount) => set({ amount })}
          problem={problems.amount}
          help={t.refundForm.help(money(left))}
          className="col-12 col-sm-6"
        />
        <Field
          id={`${id}-reason`}
          label={t.refundForm.reason}
          as="textarea"
          rows={2}
          maxLength={500}
          value={values.reason}
          onChange={(reason) => set({ reason })}
          problem={problems.reason}
          className="col-12"
        />
      </div>
      <FormActions
        busy={form.busy || recorder.refund.isPending}
        submitLabel={t.refundForm.submit}
        onCancel={onDone}
        cancelLabel={t.refundForm.cancel}
      />
    </Form>
  );
}
