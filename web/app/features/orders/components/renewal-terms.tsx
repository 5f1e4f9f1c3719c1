import type { RenewalTerms } from "@agency/contract";
import { formatBillingDate } from "../../../lib/dates";
import { renewalTermsMessages as t } from "../../../lib/messages";
import { useMoney } from "../../../lib/money";

/**
 * What paying now charges and what renews when, in one sentence, as the server worked it out
 * (the billing clock dates the renewal). A code that lowers only the first payment says so, since
 * the renewal then costs more than today's charge.
 */
export function RenewalTermsNote({
  terms,
  promoCode = null,
  className,
}: {
  terms: RenewalTerms;
  promoCode?: string | null;
  className?: string;
}) {
  const money = useMoney();
  const { renewal } = terms;
  const firstOnly = promoCode && renewal && renewal.amount > terms.firstCharge;
  return (
    <div className={className} aria-live="polite">
      <p className="mb-1" data-renewal-terms="">
        <span className="fw-semibold">{t.today(money(terms.firstCharge, terms.currency))}</span>,{" "}
        {renewal
          ? t.renews(
              money(renewal.amount, terms.currency),
              renewal.interval,
              formatBillingDate(renewal.firstRenewalAt),
            )
          : t.once}
        .
      </p>
      {firstOnly ? <p className="small text-body-secondary mb-0">{t.firstOnly(promoCode)}</p> : null}
    </div>
  );
}
