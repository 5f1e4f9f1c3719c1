import { Link, useParams } from "react-router";
import { useMemberPermissions } from "../../features/auth/api/auth";
import { OrderDetailView } from "../../features/order-workflow/components/order-detail-view";
import { TimePanel } from "../../features/time/components/time-panel";
import { salesWork } from "../../lib/messages/invoice-payments";

/** The new invoice's page, for work already done on the order: it names the order and its customer. */
function invoiceForOrderPath(order: { _id: string; number: number; email?: string }): string {
  const params = new URLSearchParams({
    kind: "invoice",
    forOrder: order._id,
    orderNumber: String(order.number),
  });
  if (order.email) params.set("email", order.email);
  return `/dashboard/admin/sales/new?${params}`;
}

/** An order as the agency works on it: its moves, the customer's brief and the thread with notes. */
export default function AdminOrderDetail() {
  const { id = "" } = useParams();
  // The screen offers assigning and cancelling only to a role that may (the server checks them regardless).
  const permissions = useMemberPermissions();
  const writesInvoices = permissions?.has("sales.manage") ?? true;
  return (
    <OrderDetailView
      orderId={id}
      audience="admin"
      canAssign={permissions?.has("orders.assign") ?? false}
      canCancel={permissions?.has("orders.refund") ?? true}
      aside={(order) => (
        <>
          {writesInvoices && order.email ? (
            <p className="mt-3 mb-0">
              <Link to={invoiceForOrderPath(order)}>{salesWork.invoiceThisOrder}</Link>
            </p>
          ) : null}
          <TimePanel orderId={order._id} />
        </>
      )}
    />
  );
}
