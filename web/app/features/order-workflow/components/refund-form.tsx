import {
  currencySymbol,
  formatOrderNumber,
  type OrderDetail,
  type OrderPayment,
  REFUND_REASON_MAX_LENGTH,
  RefundOrderBody,
} from "@agency/contract";
import { useId } from "react";
import { Form } from "react-bootstrap";
import { Field, FormActions } from "../../../components/field";
import {
  formatMoneyInput,
  MoneyInput,
  moneyOrUndefined,
  useMoneyInput,
} from "../../../components/money-input";
import { confirmAction } from "../../../lib/alerts";
import { formatDate } from "../../../lib/dates";
import { refundForm as t } from "../../../lib/messages";
import { useMoney } from "../../../lib/money";
import { saveWithToasts } from "../../../lib/toast";
import { useContractForm } from "../../../lib/use-contract-form";
import { useRefundOrder } from "../api/workflow";

const cents = (dollars: number) => Math.round(dollars * 100);

/** The contract's refund, of no more than is left of the payment chosen (the server checks it again). */
function refundSchema(left: (paymentId: string) => number | undefined, money: (amount: number) => string) {
  return RefundOrderBody.superRefine((body, check) => {
    const most = left(body.paymentId);
    if (most !== undefined && cents(body.amount) > cents(most)) {
      check.addIssue({ code: "custom", path: ["amount"], message: t.amountAtMost(money(most)) });
    }
  });
}

/**
 * The owner's refund of one of the order's payments: which payment (the latest with something
 * left, by default), how much (all that is left of it, unless changed) and why. Confirmed first,
 * saying whether the order is cancelled with it.
 */
export function RefundForm({ order }: { order: OrderDetail }) {
  const id = useId();
  const shopMoney = useMoney();
  const money = (amount: number) => shopMoney(amount, order.currency);
  const typed = useMoneyInput(order.currency);
  const amountText = (amount: number) => formatMoneyInput(amount, typed);
  const labels: Record<string, string> = {
    paymentId: t.payment,
    amount: t.amount(currencySymbol(order.currency, typed.locale)),
    reason: t.reason,
  };
  const payments = order.payments ?? [];
  const refundable = payments.filter((payment) => payment.refundable > 0);
  const refund = useRefundOrder(order._id);
  const first = refundable[0];
  const chosen = (paymentId: string): OrderPayment | undefined =>
    refundable.find((payment) => payment._id === paymentId);
  const form = useContractForm({
    initial: { paymentId: first?._id ?? "", amount: first ? amountText(first.refundable) : "", reason: "" },
    schema: refundSchema((paymentId) => chosen(paymentId)?.refundable, money),
    toBody: (values) => ({ ...values, amount: moneyOrUndefined(values.amount, typed) }),
    label: (path) => labels[path] ?? path,
    onSubmit: async (body) => {
      const payment = chosen(body.paymentId);
      const all =
        payment !== undefined && payment === payments[0] && cents(body.amount) === cents(payment.refundable);
      const confirmed = await confirmAction({
        title: t.question(money(body.amount), formatOrderNumber(order.number)),
        text: all ? t.allText : t.partText,
        confirmText: t.confirm,
        destructive: true,
      });
      if (!confirmed) return;
      const changed = await saveWithToasts(() => refund.mutateAsync(body), t.done(money(body.amount)));
      // Ready for the next refund: of what is left of the same payment, or of another one.
      const after = changed.payments ?? [];
      const next =
        after.find((item) => item._id === body.paymentId && item.refundable > 0) ??
        after.find((item) => item.refundable > 0);
      form.set({ paymentId: next?._id ?? "", amount: next ? amountText(next.refundable) : "", reason: "" });
    },
  });
  const { values, problems, set } = form;
  const payment = chosen(values.paymentId);
  if (!first) return <p className="text-body-secondary small mb-0">{t.nothingLeft}</p>;

  return (
    <Form
      noValidate
      onSubmit={form.submit}
      aria-labelledby={`${id}-heading`}
      className="border-top pt-3 mt-3"
    >
      <h3 id={`${id}-heading`} className="h6">
        {t.heading}
      </h3>
      <p className="small text-body-secondary">{t.lead}</p>
      {refundable.length > 1 ? (
        <Field id={`${id}-payment`} label={t.payment} problem={problems.paymentId} className="mb-3">
          <Form.Select
            value={values.paymentId}
            isInvalid={Boolean(problems.paymentId)}
            onChange={(event) => {
              const next = chosen(event.target.value);
              set({ paymentId: event.target.value, amount: next ? amountText(next.refundable) : "" });
            }}
          >
            {refundable.map((item) => (
              <option key={item._id} value={item._id}>
                {t.paymentOption(money(item.amount), formatDate(item.paidAt), money(item.refundable))}
              </option>
            ))}
          </Form.Select>
        </Field>
      ) : null}
      <MoneyInput
        id={`${id}-amount`}
        label={t.amount}
        currency={order.currency}
        value={values.amount}
        onChange={(amount) => set({ amount })}
        problem={problems.amount}
        help={payment ? t.amountHelp(money(payment.refundable)) : undefined}
        className="mb-3"
      />
      <Field
        id={`${id}-reason`}
        label={t.reason}
        as="textarea"
        rows={2}
        maxLength={REFUND_REASON_MAX_LENGTH}
        value={values.reason}
        onChange={(reason) => set({ reason })}
        problem={problems.reason}
        help={t.reasonHelp}
      />
      <FormActions busy={form.busy || refund.isPending} submitLabel={t.submit} />
    </Form>
  );
}
