import { formatOrderNumber, type Payment } from "@agency/contract";
import { Link } from "react-router";
import { receiptPage as t } from "../../../lib/messages";
import { receiptPagePath } from "../api/receipts";

/**
 * The way from a payment to its receipt, or from a refund to its credit note, named with its
 * number; a payment recorded without one shows a dash.
 */
export function ReceiptLink({
  payment,
}: {
  payment: Pick<Payment, "receiptId" | "orderNumber"> &
    Partial<Pick<Payment, "receiptNumber" | "receiptKind" | "invoiceNumber">>;
}) {
  if (!payment.receiptId) return <>—</>;
  const creditNote = payment.receiptKind === "credit_note";
  const orderNumber =
    payment.orderNumber === null ? (payment.invoiceNumber ?? "") : formatOrderNumber(payment.orderNumber);
  return (
    <Link
      to={receiptPagePath(payment.receiptId)}
      aria-label={creditNote ? t.creditNoteLinkFor(orderNumber) : t.linkFor(orderNumber)}
    >
      {payment.receiptNumber ? t.named(payment.receiptKind ?? "receipt", payment.receiptNumber) : t.link}
    </Link>
  );
}
