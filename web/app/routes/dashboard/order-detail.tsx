import { useParams } from "react-router";
import { useClientMay } from "../../features/companies/api/companies";
import { OrderFollowers } from "../../features/companies/components/order-followers";
import { OrderDetailView } from "../../features/order-workflow/components/order-detail-view";
import { receiptPagePath } from "../../features/receipts/api/receipts";
import { ClientHours } from "../../features/time/components/client-hours";

/**
 * The customer's order: its progress, brief, thread and files. Pay Now and a delivery's answer show
 * only to a client role that may do them (the server refuses the others); once the company has
 * colleagues, who follows the order's mails.
 */
export default function MyOrderDetail() {
  const { id = "" } = useParams();
  const canPay = useClientMay("pay") !== false;
  const canApprove = useClientMay("approve") !== false;
  return (
    <OrderDetailView
      orderId={id}
      audience="customer"
      receiptLink={receiptPagePath}
      canPay={canPay}
      canApprove={canApprove}
      aside={
        <>
          <OrderFollowers orderId={id} />
          <ClientHours orderId={id} />
        </>
      }
    />
  );
}
