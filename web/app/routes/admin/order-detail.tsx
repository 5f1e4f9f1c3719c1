import { useParams } from "react-router";
import { useAdminStatus, useSession } from "../../features/auth/api/auth";
import { OrderDetailView } from "../../features/order-workflow/components/order-detail-view";

/** An order as the agency works on it: its moves, the customer's brief and the thread with notes. */
export default function AdminOrderDetail() {
  const { id = "" } = useParams();
  const session = useSession();
  // The screen offers assigning only to a role that may (the server checks it regardless).
  const status = useAdminStatus(session.data?.user.email);
  const canAssign = status.data?.permissions?.includes("orders.assign") ?? false;
  return <OrderDetailView orderId={id} audience="admin" canAssign={canAssign} />;
}
