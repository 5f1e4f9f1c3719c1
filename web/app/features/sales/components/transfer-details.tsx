import { type CustomerSalesDocument, hasBankAccount } from "@agency/contract";
import { payByTransfer as t } from "../../../lib/messages/invoice-payments";
import { useMoney } from "../../../lib/money";

/**
 * An open invoice's way to pay without the card: the amount still due, the reference to quote and
 * the agency's bank account (IBAN and BIC, or account number and sort code), as its PDF prints them.
 */
export function TransferDetails({ doc }: { doc: CustomerSalesDocument }) {
  const shopMoney = useMoney();
  const money = (amount: number) => shopMoney(amount, doc.currency);
  const bank = doc.terms?.bank;
  if (!doc.terms || !hasBankAccount(bank)) return null;
  const rows: [string, string][] = [
    [t.amount, money(doc.amountDue)],
    [t.reference, doc.terms.reference],
    [t.accountName, bank.accountName],
    [t.bankName, bank.bankName],
    [t.iban, bank.iban],
    [t.bic, bank.bic],
    [t.accountNumber, bank.accountNumber],
    [t.sortCode, bank.sortCode],
  ];
  return (
    <section aria-labelledby="pay-by-transfer" className="card border-0 shadow-sm mt-4">
      <div className="card-body p-4">
        <h2 id="pay-by-transfer" className="h5">
          {t.heading}
        </h2>
        <p className="mb-2">{t.lead(money(doc.amountDue))}</p>
        <dl className="row mb-2">
          {rows
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label} className="col-12 d-flex flex-wrap gap-2">
                <dt className="fw-normal text-body-secondary">{label}</dt>
                <dd className="mb-1 fw-semibold text-break">{value}</dd>
              </div>
            ))}
        </dl>
        <p className="small text-body-secondary mb-0">
          {t.terms(doc.terms.dueInDays)} {t.recordedLater}
        </p>
      </div>
    </section>
  );
}
