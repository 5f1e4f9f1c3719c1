import type { ReactNode } from "react";
import { Table } from "react-bootstrap";
import { wideListQuery } from "../lib/layout";
import { useMediaQuery } from "../lib/use-media-query";

export type DataColumn<Row> = {
  /** The column heading on wide screens; the label before the value in a card. */
  header: string;
  cell: (row: Row, index: number) => ReactNode;
  /** Running text (a comment, a message): in a card it takes the full width under its label. */
  long?: boolean;
  /** Classes of the cell and of the card's value. */
  className?: string;
};

type Props<Row> = {
  /** The id of the heading that names the list. */
  labelledBy: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** `data-*` attributes of a row (or card), for code that finds a row by its record. */
  rowData?: (row: Row) => Record<`data-${string}`, string>;
};

/**
 * Every dashboard list: its columns are declared once and shown as a table on wide screens, and as
 * one card per row (label: value) on phones, where a table would scroll sideways.
 */
export function DataList<Row>({ labelledBy, columns, rows, rowKey, rowData }: Props<Row>) {
  const wide = useMediaQuery(wideListQuery);
  if (wide) {
    return (
      // Scrolls sideways when the columns outgrow the page: focusable, so it scrolls from the keyboard too.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1)
      <section className="table-responsive" tabIndex={0} aria-labelledby={labelledBy}>
        <Table hover className="align-middle bg-white mb-0" aria-labelledby={labelledBy}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={rowKey(row)} {...rowData?.(row)}>
                {columns.map((column) => (
                  <td key={column.header} className={column.className}>
                    {column.cell(row, index)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      </section>
    );
  }
  return (
    <ul className="data-list list-unstyled d-grid gap-3 mb-0" aria-labelledby={labelledBy}>
      {rows.map((row, index) => (
        <li key={rowKey(row)} className="card border-0 shadow-sm" {...rowData?.(row)}>
          <dl className="card-body d-grid gap-2 mb-0">
            {columns.map((column) => (
              <div
                key={column.header}
                className={column.long ? "data-list__field data-list__field--long" : "data-list__field"}
              >
                <dt>{column.header}</dt>
                <dd className={column.className}>{column.cell(row, index)}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
