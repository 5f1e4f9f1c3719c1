import { formatOrderNumber, type OverviewCancellation } from "@agency/contract";
import { Link } from "react-router";
import { type DataColumn, DataList } from "../../../components/data-list";
import { formatDate } from "../../../lib/dates";
import { overviewPage as t } from "../../../lib/messages";

const columns: DataColumn<OverviewCancellation>[] = [
  {
    header: t.cancellationOrder,
    cell: (item) => (
      <Link to={`/dashboard/admin/orders/${item.orderId}`}>{formatOrderNumber(item.orderNumber)}</Link>
    ),
  },
  { header: t.cancellationCustomer, cell: (item) => item.customer, className: "text-break" },
  { header: t.plan, cell: (item) => item.service },
  { header: t.cancellationDate, cell: (item) => formatDate(item.canceledAt), className: "text-nowrap" },
  {
    header: t.cancellationReason,
    cell: (item) => item.reason ?? <span className="text-body-secondary">{t.noReason}</span>,
    className: "text-break",
  },
];

/** The plans customers cancelled lately, with the reasons they gave: what an owner follows up. */
export function RecentCancellations({ id, items }: { id: string; items: OverviewCancellation[] }) {
  return items.length === 0 ? (
    <p className="text-body-secondary mb-0">{t.noCancellations}</p>
  ) : (
    <DataList labelledBy={id} columns={columns} rows={items} rowKey={(item) => item.orderId} />
  );
}
