import { useParams } from "react-router";
import { OrderDetailView } from "../../features/order-workflow/components/order-detail-view";

/** An order as the agency works on it: its moves, the customer's brief and the thread with notes. */
export default function AdminOrderDetail() {
  const { id = "" } = useParams();
  return <OrderDetailView orderId={id} audience="admin" />;
}
