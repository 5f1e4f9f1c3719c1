import type { NewsletterConfirmResult } from "@agency/contract";
import { useQuery } from "@tanstack/react-query";
import { apiPost } from "../../../lib/api";

export function confirmNewsletter(token: string): Promise<NewsletterConfirmResult> {
  return apiPost("/newsletter/confirm", (c) => c.NewsletterConfirmResult, { token });
}

/**
 * Sent once when the mailed link is opened: a query (not a mutation) so a second render or a
 * remount reuses the answer instead of posting again.
 */
export function useConfirmNewsletter(token: string) {
  return useQuery({
    queryKey: ["newsletter-confirmation", token],
    queryFn: () => confirmNewsletter(token),
    enabled: token !== "",
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
