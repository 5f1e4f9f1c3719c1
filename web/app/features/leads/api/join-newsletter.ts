import type { LeadStored, NewsletterSignUpBody } from "@agency/contract";
import { useMutation } from "@tanstack/react-query";
import { apiPost } from "../../../lib/api";

export function joinNewsletter(body: NewsletterSignUpBody): Promise<LeadStored> {
  return apiPost("/newsletter", (c) => c.LeadStored, body);
}

export function useJoinNewsletter() {
  return useMutation({ mutationFn: joinNewsletter });
}
