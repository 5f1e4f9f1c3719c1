import type {
  InvoicingSettingsBody,
  PageTexts,
  ShopMoneyBody,
  ShopMoneySetting,
  SiteContent,
  SiteIdentity,
} from "@agency/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPut } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

function getSiteContent({ signal }: { signal?: AbortSignal } = {}): Promise<SiteContent> {
  return apiGet("/site/content", (c) => c.SiteContent, { signal });
}

function siteContentQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.siteContent,
    queryFn: ({ signal }) => getSiteContent({ signal }),
  });
}

export function useSiteContent() {
  return useQuery(siteContentQueryOptions());
}

/** The content editor's saves (admin); each answers the new content, which the cache takes at once. */
export function useContentEditor() {
  const queryClient = useQueryClient();
  const keep = (content: SiteContent) => queryClient.setQueryData(queryKeys.siteContent, content);
  return {
    identity: useMutation({
      mutationFn: (identity: SiteIdentity) => apiPut("/admin/site/identity", (c) => c.SiteContent, identity),
      onSuccess: keep,
    }),
    texts: useMutation({
      mutationFn: (texts: PageTexts) => apiPut("/admin/site/texts", (c) => c.SiteContent, texts),
      onSuccess: keep,
    }),
  };
}

/** The shop's currency and locale, and whether a sale was made (the currency editor). */
export function useShopMoneySetting() {
  return useQuery({
    queryKey: queryKeys.shopMoney,
    queryFn: ({ signal }) => apiGet("/admin/site/currency", (c) => c.ShopMoneySetting, { signal }),
  });
}

/**
 * Saves the currency; the public content (which carries it) is fetched again, and `onSaved` hears
 * the new setting (the pages of this visit write amounts in it at once).
 */
export function useSaveShopMoney(onSaved: (setting: ShopMoneySetting) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShopMoneyBody) => apiPut("/admin/site/currency", (c) => c.ShopMoneySetting, body),
    onSuccess: (setting) => {
      queryClient.setQueryData(queryKeys.shopMoney, setting);
      void queryClient.invalidateQueries({ queryKey: queryKeys.siteContent });
      // Prices everywhere are written in it: the catalog's lists too.
      void queryClient.invalidateQueries({ queryKey: queryKeys.pricing.all });
      onSaved(setting);
    },
  });
}

/** The payment terms new invoices start with and the bank account they print. */
export function useInvoicingSettings() {
  return useQuery({
    queryKey: queryKeys.invoicing,
    queryFn: ({ signal }) => apiGet("/admin/site/invoicing", (c) => c.InvoicingSettings, { signal }),
  });
}

export function useSaveInvoicingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoicingSettingsBody) =>
      apiPut("/admin/site/invoicing", (c) => c.InvoicingSettings, body),
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.invoicing, settings),
  });
}
