import type { RecordInvoicePaymentBody, RefundRecordedPaymentBody } from "@agency/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPost } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

const payments = (id: string) => `/admin/sales/${encodeURIComponent(id)}/payments`;

/** An invoice's payments (card and recorded) and refunds, with what was paid and what is due. */
export function useInvoicePayments(id: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.sales.payments(id),
      queryFn: ({ signal }) => apiGet(payments(id), (c) => c.InvoicePayments, { signal }),
    }),
  );
}

/** Recording money received and given back; each refreshes the payments and the invoice itself. */
export function useInvoicePaymentRecorder(id: string) {
  const queryClient = useQueryClient();
  const onSuccess = async (data: unknown) => {
    queryClient.setQueryData(queryKeys.sales.payments(id), data);
    await queryClient.invalidateQueries({ queryKey: queryKeys.sales.all });
  };
  return {
    record: useMutation({
      mutationFn: (body: RecordInvoicePaymentBody) => apiPost(payments(id), (c) => c.InvoicePayments, body),
      onSuccess,
    }),
    refund: useMutation({
      mutationFn: ({ paymentId, body }: { paymentId: string; body: RefundRecordedPaymentBody }) =>
        apiPost(`${payments(id)}/${encodeURIComponent(paymentId)}/refund`, (c) => c.InvoicePayments, body),
      onSuccess,
    }),
  };
}
