import { formatOrderNumber, printedBuyer, type Receipt } from "@agency/contract";
import { Link } from "react-router";
import { formatDate, formatDateTime } from "../../../lib/dates";
import { orderLineTexts, receiptPage as t } from "../../../lib/messages";
import { useMoney } from "../../../lib/money";
import { receiptPagePath } from "../api/receipts";

/** One receipt as it prints: who sold what to whom, for how much, with the tax in it and how it was paid. */
export function ReceiptDocument({ receipt }: { receipt: Receipt }) {
  const money = useMoney();
  const { seller, customer } = receipt;
  // An invoice's receipt names the invoice: its payment opened no order.
  const orderNumber =
    receipt.orderNumber === null ? (receipt.invoiceNumber ?? "") : formatOrderNumber(receipt.orderNumber);
  // A refund's receipt is a credit note.
  const creditNote = receipt.kind === "credit_note";
  return (
    <article className="receipt-document card border-0 shadow-sm" aria-labelledby="receipt-heading">
      <div className="card-body p-4 p-md-5">
        <header className="d-flex flex-column flex-md-row justify-content-between gap-4 mb-4">
          <div>
            <img src={seller.logo} alt={seller.name} height={48} className="mb-3" />
            <address className="mb-0">
              <strong>{seller.name}</strong>
              {seller.address.map((line) => (
                <span key={line} className="d-block">
                  {line}
                </span>
              ))}
              <span className="d-block">{seller.email}</span>
              {seller.phone ? <span className="d-block">{seller.phone}</span> : null}
              {seller.taxId ? (
                <span className="d-block">
                  {t.taxId}: {seller.taxId}
                </span>
              ) : null}
            </address>
          </div>
          <div className="text-md-end">
            <h1 id="receipt-heading" className="h3 mb-3">
              {creditNote ? t.creditNoteTitle : t.title}
            </h1>
            <dl className="mb-0">
              <dt className="small text-body-secondary fw-normal">
                {creditNote ? t.creditNoteNumber : t.number}
              </dt>
              <dd className="fs-5 fw-semibold">{receipt.number}</dd>
              <dt className="small text-body-secondary fw-normal">{t.issued}</dt>
              <dd className="mb-0">{formatDateTime(receipt.issuedAt)}</dd>
            </dl>
            {receipt.credits ? (
              <p className="mt-2 mb-0">
                <Link to={receiptPagePath(receipt.credits._id)}>{t.credits(receipt.credits.number)}</Link>
              </p>
            ) : null}
          </div>
        </header>

        <section className="mb-4" aria-labelledby="receipt-billed-to">
          <h2 id="receipt-billed-to" className="h6 text-uppercase text-body-secondary">
            {t.billedTo}
          </h2>
          <p className="mb-0">
            {printedBuyer(receipt.buyer).map((line) => (
              <span key={line} className="d-block">
                {line}
              </span>
            ))}
            <span className="d-block">{customer.name}</span>
            <span className="d-block text-break">{customer.email}</span>
          </p>
        </section>

        <table className="table mb-4">
          <thead>
            <tr>
              <th scope="col">{t.description}</th>
              <th scope="col" className="text-end">
                {t.amount}
              </th>
            </tr>
          </thead>
          <tbody>
            {receipt.lines.map((line, index) => (
              // A receipt never changes: its lines' positions are their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <tr key={index}>
                <td>
                  {line.quantity === 1
                    ? line.description
                    : orderLineTexts.quantity(line.quantity, line.description)}
                  {index === 0 ? (
                    <span className="d-block small text-body-secondary">{t.forOrder(orderNumber)}</span>
                  ) : null}
                </td>
                <td className="text-end">{money(line.amount, receipt.currency)}</td>
              </tr>
            ))}
            {receipt.discount > 0 ? (
              <tr>
                <td>{t.discount(receipt.promoCode)}</td>
                <td className="text-end">{money(-receipt.discount, receipt.currency)}</td>
              </tr>
            ) : null}
            <tr>
              <td className="text-body-secondary">{t.taxIncluded(receipt.taxRatePercent)}</td>
              <td className="text-end text-body-secondary">{money(receipt.tax, receipt.currency)}</td>
            </tr>
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">
                {creditNote ? t.totalRefunded(receipt.currency) : t.total(receipt.currency)}
              </th>
              <td className="text-end fw-bold">{money(receipt.amount, receipt.currency)}</td>
            </tr>
          </tfoot>
        </table>

        <section aria-labelledby="receipt-payment">
          <h2 id="receipt-payment" className="h6 text-uppercase text-body-secondary">
            {t.payment}
          </h2>
          <dl className="row mb-0">
            {receipt.period ? (
              <>
                <dt className="col-sm-4 fw-normal text-body-secondary">{t.period}</dt>
                <dd className="col-sm-8">
                  {t.periodRange(formatDate(receipt.period.start), formatDate(receipt.period.end))}
                </dd>
              </>
            ) : null}
            <dt className="col-sm-4 fw-normal text-body-secondary">
              {creditNote ? t.refundedTo : t.paidWith}
            </dt>
            <dd className="col-sm-8">
              {receipt.card ? t.card(receipt.card.brand, receipt.card.last4) : t.provider(receipt.provider)}
            </dd>
            <dt className="col-sm-4 fw-normal text-body-secondary">{creditNote ? t.refundedOn : t.paidOn}</dt>
            <dd className="col-sm-8">{formatDateTime(receipt.paidAt)}</dd>
            {creditNote && receipt.refundReason ? (
              <>
                <dt className="col-sm-4 fw-normal text-body-secondary">{t.reason}</dt>
                <dd className="col-sm-8 text-break">{receipt.refundReason}</dd>
              </>
            ) : null}
            <dt className="col-sm-4 fw-normal text-body-secondary">{t.transactionId}</dt>
            <dd className="col-sm-8 font-monospace small text-break mb-0">{receipt.transactionId}</dd>
          </dl>
        </section>
        <p className="text-body-secondary mt-4 mb-0">{t.thanks}</p>
      </div>
    </article>
  );
}
