import type { PromoCodeBody } from "@agency/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPost, apiPut } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

export function usePromoCodes() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.promoCodes,
      queryFn: ({ signal }) => apiGet("/admin/promo-codes", (c) => c.PromoCodeList, { signal }),
    }),
  );
}

export function usePromoCodeEditor() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: queryKeys.promoCodes });
  return {
    create: useMutation({
      mutationFn: (body: PromoCodeBody) => apiPost("/admin/promo-codes", (c) => c.PromoCode, body),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ codeId, body }: { codeId: string; body: PromoCodeBody }) =>
        apiPut(`/admin/promo-codes/${encodeURIComponent(codeId)}`, (c) => c.PromoCode, body),
      onSettled,
    }),
    setDisabled: useMutation({
      mutationFn: ({ codeId, disabled }: { codeId: string; disabled: boolean }) =>
        apiPost(
          `/admin/promo-codes/${encodeURIComponent(codeId)}/${disabled ? "disable" : "enable"}`,
          (c) => c.PromoCode,
          {},
        ),
      onSettled,
    }),
  };
}
