import { useParams } from "react-router";
import { useMemberPermissions } from "../../features/auth/api/auth";
import { OrderDetailView } from "../../features/order-workflow/components/order-detail-view";

/** An order as the agency works on it: its moves, the customer's brief and the thread with notes. */
export default function AdminOrderDetail() {
  const { id = "" } = useParams();
  // The screen offers assigning and cancelling only to a role that may (the server checks them regardless).
  const permissions = useMemberPermissions();
  return (
    <OrderDetailView
      orderId={id}
      audience="admin"
      canAssign={permissions?.has("orders.assign") ?? false}
      canCancel={permissions?.has("orders.refund") ?? true}
    />
  );
}
