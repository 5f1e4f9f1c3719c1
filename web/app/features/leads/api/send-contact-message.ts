import type { ContactMessageBody, LeadStored } from "@agency/contract";
import { useMutation } from "@tanstack/react-query";
import { apiPost } from "../../../lib/api";

export function sendContactMessage(body: ContactMessageBody): Promise<LeadStored> {
  return apiPost("/leads/contact", (c) => c.LeadStored, body);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
