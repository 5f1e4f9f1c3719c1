import type { SalesDocument } from "@agency/contract";
import { Table } from "react-bootstrap";
import { salesPage, salesCustomerPage as t } from "../../../lib/messages";
import { useMoney } from "../../../lib/money";

/** A quote's or invoice's lines, what is paid today and what recurs after. */
export function SalesLines({ document }: { document: SalesDocument }) {
  const written = useMoney();
  const money = (amount: number) => written(amount, document.currency);
  return (
    <>
      <Table responsive className="align-middle mb-2">
        <thead>
          <tr>
            <th scope="col">{salesPage.kindName[document.kind]}</th>
            <th scope="col" className="text-end">
              {t.quantity}
            </th>
            <th scope="col" className="text-end">
              {t.unitPrice}
            </th>
            <th scope="col" className="text-end">
              {t.amount}
            </th>
          </tr>
        </thead>
        <tbody>
          {document.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a sent revision's lines never move
            <tr key={index}>
              <td>
                {line.description}
                {line.recurring ? (
                  <span className="text-body-secondary small"> · {t.recurs(line.recurring)}</span>
                ) : null}
              </td>
              <td className="text-end">{line.quantity}</td>
              <td className="text-end">{money(line.unitPrice)}</td>
              <td className="text-end">{money(line.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3} className="text-end">
              {t.total}
            </th>
            <td className="text-end fw-bold" data-testid="sales-document-total">
              {money(document.total)}
            </td>
          </tr>
        </tfoot>
      </Table>
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
