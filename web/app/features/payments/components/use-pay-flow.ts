import type { Order } from "@agency/contract";
import { useQueryClient } from "@tanstack/react-query";
import toast from "react-hot-toast";
import { useNavigate } from "react-router";
import { errorAlert } from "../../../lib/alerts";
import { errorMessage } from "../../../lib/api";
import { checkoutMessages, paymentMessages as t } from "../../../lib/messages";
import { formToastDurationMs } from "../../../lib/toast";
import { recordPayment } from "../api/payments";

/**
 * SPEC §4 payment flow, whichever card form runs it: a loading toast, the provider's charge, the
 * order update (verified by the server), then payment history; a failure dismisses the loading
 * toast and shows 'Payment Failed ' with the provider's message.
 */
export function usePayFlow(order: Order) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  return async function pay(charge: () => Promise<string>) {
    const loading = toast.loading(checkoutMessages.processing);
    try {
      const transactionId = await charge();
      await recordPayment(order._id, {
        transactionId,
        name: order.name,
        email: order.email,
        currentPrice: order.currentPrice,
      });
      toast.dismiss(loading);
      await Promise.all(
        ["orders", "order", "payment-history", "payment-intent"].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      );
      toast.success(t.succeeded, { duration: formToastDurationMs });
      navigate("/dashboard/payment-history");
    } catch (error) {
      toast.dismiss(loading);
      await errorAlert(t.failedTitle, errorMessage(error));
    }
  };
}
