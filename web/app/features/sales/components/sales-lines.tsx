import { type SalesDocument, type SalesLine, salesTotals, toMajor } from "@agency/contract";
import { useId } from "react";
import { Form } from "react-bootstrap";
import { type DataColumn, DataList } from "../../../components/data-list";
import { salesPage, salesCustomerPage as t } from "../../../lib/messages";
import { salesOptions } from "../../../lib/messages/invoice-payments";
import { useMoney } from "../../../lib/money";

/** The optional lines the client is ticking before accepting, by their place among the lines. */
export type LineChoice = { chosen: ReadonlySet<number>; toggle: (index: number) => void };

/** How an optional line is marked: offered (before the answer), then chosen or not. */
function optionalMark(document: SalesDocument, line: SalesLine): string | null {
  if (!line.optional) return null;
  if (!document.acceptedAt) return salesOptions.offered;
  return line.chosen ? salesOptions.chosen : salesOptions.notChosen;
}

/**
 * A quote's or invoice's lines, what is paid today and what recurs after: a table on wide screens,
 * a card a line on phones (a four-column table would cut the amounts off at 390 px). With a
 * `choice`, each optional line has a tick box and the total follows what is ticked.
 */
export function SalesLines({ document, choice }: { document: SalesDocument; choice?: LineChoice }) {
  const written = useMoney();
  const money = (amount: number) => written(amount, document.currency);
  const headingId = useId();
  const boxId = useId();
  const place = (line: SalesLine) => document.lines.indexOf(line);
  const columns: DataColumn<SalesLine>[] = [
    {
      header: salesPage.kindName[document.kind],
      cell: (line) => {
        const mark = optionalMark(document, line);
        const description = (
          <>
            {line.description}
            {line.recurring ? (
              <span className="text-body-secondary small"> · {t.recurs(line.recurring)}</span>
            ) : null}
            {mark ? <span className="text-body-secondary small"> · {mark}</span> : null}
          </>
        );
        if (!(choice && line.optional)) return description;
        return (
          <Form.Check
            id={`${boxId}-${place(line)}`}
            checked={choice.chosen.has(place(line))}
            onChange={() => choice.toggle(place(line))}
            aria-label={salesOptions.choose(line.description)}
            label={description}
          />
        );
      },
      className: "text-break",
    },
    { header: t.quantity, cell: (line) => line.quantity, className: "text-end" },
    { header: t.unitPrice, cell: (line) => money(line.unitPrice), className: "text-end text-nowrap" },
    { header: t.amount, cell: (line) => money(line.amount), className: "text-end text-nowrap" },
  ];
  // While the client ticks, the total is what it will be with the lines ticked.
  const ticked = choice
    ? salesTotals(
        document.lines.map((line, index) => ({ ...line, chosen: choice.chosen.has(index) })),
        document.currency,
      )
    : null;
  const total = ticked ? toMajor(ticked.totalCents, document.currency) : document.total;
  const recurring = !ticked
    ? document.recurring
    : ticked.interval
      ? { amount: toMajor(ticked.recurringCents, document.currency), interval: ticked.interval }
      : null;
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
        rowKey={(line) => String(place(line))}
      />
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 border-top mt-2 pt-2 mb-2">
        <span className="fw-semibold">{t.total}</span>
        <span className="fw-bold text-nowrap" data-testid="sales-document-total">
          {money(total)}
        </span>
      </div>
      {recurring ? (
        <p className="small text-body-secondary text-end">
          {t.renews(money(recurring.amount), recurring.interval)}
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
