import type { SalesDocument, SalesLine } from "@agency/contract";
import { useId } from "react";
import { type DataColumn, DataList } from "../../../components/data-list";
import { salesPage, salesCustomerPage as t } from "../../../lib/messages";
import { useMoney } from "../../../lib/money";

/**
 * A quote's or invoice's lines, what is paid today and what recurs after: a table on wide screens,
 * a card a line on phones (a four-column table would cut the amounts off at 390 px).
 */
export function SalesLines({ document }: { document: SalesDocument }) {
  const written = useMoney();
  const money = (amount: number) => written(amount, document.currency);
  const headingId = useId();
  const columns: DataColumn<SalesLine>[] = [
    {
      header: salesPage.kindName[document.kind],
      cell: (line) => (
        <>
          {line.description}
          {line.recurring ? (
            <span className="text-body-secondary small"> · {t.recurs(line.recurring)}</span>
          ) : null}
        </>
      ),
      className: "text-break",
    },
    { header: t.quantity, cell: (line) => line.quantity, className: "text-end" },
    { header: t.unitPrice, cell: (line) => money(line.unitPrice), className: "text-end text-nowrap" },
    { header: t.amount, cell: (line) => money(line.amount), className: "text-end text-nowrap" },
  ];
  return (
    <>
      <h2 id={headingId} className="visually-hidden">
        {t.lines}
      </h2>
      <DataList
        labelledBy={headingId}
        columns={columns}
        rows={document.lines}
        // A sent revision's lines never move: their place is their key.
        rowKey={(line) => String(document.lines.indexOf(line))}
      />
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 border-top mt-2 pt-2 mb-2">
        <span className="fw-semibold">{t.total}</span>
        <span className="fw-bold text-nowrap" data-testid="sales-document-total">
          {money(document.total)}
        </span>
      </div>
      {document.recurring ? (
        <p className="small text-body-secondary text-end">
          {t.renews(money(document.recurring.amount), document.recurring.interval)}
        </p>
      ) : null}
      {document.note ? (
        <div className="mt-3">
          <h2 className="h6">{t.note}</h2>
          <p style={{ whiteSpace: "pre-line" }}>{document.note}</p>
        </div>
      ) : null}
    </>
  );
}
