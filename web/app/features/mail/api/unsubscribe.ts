import type { UnsubscribeQuery, UnsubscribeResult } from "@agency/contract";
import { useMutation } from "@tanstack/react-query";
import { apiPost } from "../../../lib/api";

/** The signed address of a mailed unsubscribe link; the server checks the signature. */
export function unsubscribe(link: UnsubscribeQuery): Promise<UnsubscribeResult> {
  return apiPost(`/mail/unsubscribe?${new URLSearchParams(link)}`, (c) => c.UnsubscribeResult);
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
