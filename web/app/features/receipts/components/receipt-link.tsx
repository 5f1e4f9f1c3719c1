import { formatOrderNumber, type Payment } from "@agency/contract";
import { Link } from "react-router";
import { receiptPage as t } from "../../../lib/messages";
import { receiptPagePath } from "../api/receipts";

/** The way from a payment to its receipt; a payment recorded without one shows a dash. */
export function ReceiptLink({ payment }: { payment: Pick<Payment, "receiptId" | "orderNumber"> }) {
  if (!payment.receiptId) return <>—</>;
  return (
    <Link
      to={receiptPagePath(payment.receiptId)}
      aria-label={t.linkFor(formatOrderNumber(payment.orderNumber))}
    >
      {t.link}
    </Link>
  );
}
