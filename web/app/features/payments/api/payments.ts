import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiGet, apiPatch, apiPost } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";
import { PaymentError } from "../payment-error";

/** SPEC §4: the payment secret for an order; the server decides the amount. */
function paymentIntentQueryOptions(orderId: string, enabled: boolean) {
  return queryOptions({
    queryKey: queryKeys.payments.intent(orderId),
    queryFn: () => apiPost("/create-payment-intent", (c) => c.PaymentIntent, { orderId }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function usePaymentIntent(orderId: string, enabled: boolean) {
  return useQuery(paymentIntentQueryOptions(orderId, enabled));
}

/** SPEC §7 PATCH /order/{id}: the server asks the provider before it records anything. */
export function recordPayment(
  orderId: string,
  body: { transactionId: string; name: string; email?: string; currentPrice?: number },
) {
  return apiPatch(`/order/${encodeURIComponent(orderId)}`, (c) => c.RecordPaymentResponse, {
    ...body,
    paymentId: body.transactionId,
    paymentTime: new Date().toUTCString(),
  });
}

/** The test provider refuses a card with 422 and Stripe's message for it: reported as a PaymentError. */
export async function payWithTestCard(body: {
  paymentIntentId: string;
  clientSecret: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
  billingName: string;
  billingEmail: string;
}) {
  try {
    return await apiPost("/payments/test/confirm", (c) => c.TestCardPaymentResult, body);
  } catch (error) {
    if (error instanceof ApiError && error.code === "unprocessable") throw new PaymentError(error.message);
    throw error;
  }
}

function paymentHistoryQueryOptions(email: string | undefined) {
  return queryOptions({
    queryKey: queryKeys.payments.history(email),
    queryFn: () => apiGet(`/payment-history/${encodeURIComponent(email ?? "")}`, (c) => c.PaymentList),
    enabled: Boolean(email),
  });
}

export function usePaymentHistory(email: string | undefined) {
  return useQuery(paymentHistoryQueryOptions(email));
}

/** One order's payment as an admin sees it (SPEC §5 admin payment page). */
export function usePaymentDetails(orderId: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.payments.adminDetails(orderId),
      queryFn: () => apiGet(`/admin/payment/${encodeURIComponent(orderId)}`, (c) => c.AdminPaymentDetails),
    }),
  );
}
