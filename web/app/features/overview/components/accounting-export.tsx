import { accountingMessages as t } from "@agency/contract";
import { useId, useState } from "react";
import { CsvLink } from "../../../components/csv-link";

/** The month before `now`'s, as YYYY-MM in UTC: the one an accountant closes next. */
export function lastMonth(now: Date = new Date()): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** A month's receipts, credit notes and invoice payments, downloaded as Xero or QuickBooks imports them. */
export function AccountingExport({ now }: { now?: Date }) {
  const id = useId();
  const [month, setMonth] = useState(() => lastMonth(now));
  const path = "/api/admin/exports/accounting";
  return (
    <section aria-labelledby={`${id}-heading`} className="d-flex flex-wrap gap-2 align-items-end">
      <div>
        <h2 id={`${id}-heading`} className="h6 mb-1">
          {t.heading}
        </h2>
        <label htmlFor={`${id}-month`} className="form-label small mb-1">
          {t.month}
        </label>
        <input
          id={`${id}-month`}
          type="month"
          className="form-control"
          value={month}
          onChange={(event) => setMonth(event.target.value)}
        />
      </div>
      {/^\d{4}-\d\d$/.test(month) ? (
        <>
          <CsvLink path={path} filters={{ month, format: "xero" }}>
            {t.download(t.xero)}
          </CsvLink>
          <CsvLink path={path} filters={{ month, format: "quickbooks" }}>
            {t.download(t.quickbooks)}
          </CsvLink>
        </>
      ) : null}
    </section>
  );
}
