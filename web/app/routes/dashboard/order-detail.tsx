import { useParams } from "react-router";
import { OrderDetailView } from "../../features/order-workflow/components/order-detail-view";
import { receiptPagePath } from "../../features/receipts/api/receipts";

/** The customer's order: its progress, brief, thread and files. */
export default function MyOrderDetail() {
  const { id = "" } = useParams();
  return <OrderDetailView orderId={id} audience="customer" receiptLink={receiptPagePath} />;
}
