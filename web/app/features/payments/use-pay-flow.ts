import type { Order } from "@agency/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { errorAlert } from "../../lib/alerts";
import { checkoutMessages, paymentMessages as t } from "../../lib/messages";
import { queryKeys } from "../../lib/query-keys";
import { dismissToast, notifyFormSuccess, notifyLoading } from "../../lib/toast";
import { recordPayment } from "./api/payments";
import { paymentFailureMessage } from "./payment-error";

/** What Payment History hears of the order just paid: it asks for the order's brief next. */
export type PaidOrderState = { paidOrder: { id: string; number: number } };

/**
 * Who a card form charges and what for: the billing details it names, the amount on its button,
 * and what follows the provider's charge (the server books it, asking the provider first; the
 * page moves on).
 */
export type CardPayer = {
  name: string;
  email?: string;
  amount: number | undefined;
  currency: string;
  /** The server books the charge, asking the provider first. */
  record(transactionId: string): Promise<unknown>;
  /** Once it is booked: what the page shows next. */
  paid(): Promise<void>;
};

/**
 * SPEC §4 payment flow, whichever card form runs it: a loading toast, the provider's charge, the
 * payer's booking (verified by the server); a failure dismisses the loading toast and shows
 * 'Payment Failed ' with the provider's message. The forms read `isPending` to keep their pay
 * button off until the flow, alert included, is over.
 */
export function usePayFlow(payer: CardPayer) {
  return useMutation({ mutationFn: pay });

  async function pay(charge: () => Promise<string>) {
    const loading = notifyLoading(checkoutMessages.processing);
    try {
      const transactionId = await charge();
      await payer.record(transactionId);
      dismissToast(loading);
      await payer.paid();
    } catch (error) {
      dismissToast(loading);
      await errorAlert(t.failedTitle, paymentFailureMessage(error));
    }
  }
}

/** An order's payer: the order is updated (verified by the server), then payment history. */
export function useOrderPayer(order: Order): CardPayer {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return {
    name: order.name,
    email: order.email,
    amount: order.currentPrice,
    currency: order.currency,
    record: (transactionId) =>
      recordPayment(order._id, {
        transactionId,
        name: order.name,
        email: order.email,
        currentPrice: order.currentPrice,
      }),
    async paid() {
      await Promise.all(
        [queryKeys.orders.all, queryKeys.orders.oneAll, queryKeys.payments.historyAll].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
      notifyFormSuccess(t.succeeded, "payment");
      const paid: PaidOrderState = { paidOrder: { id: order._id, number: order.number } };
      await navigate("/dashboard/payment-history", { state: paid });
      // A paid order has no payment to open any more: asking for its intent again (as refreshing it
      // while this page is still on screen would) only gets "This order is already paid.".
      queryClient.removeQueries({ queryKey: queryKeys.payments.intent(order._id) });
    },
  };
}
