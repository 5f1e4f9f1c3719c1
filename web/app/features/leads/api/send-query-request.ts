import type { LeadStored, QueryRequestBody } from "@agency/contract";
import { useMutation } from "@tanstack/react-query";
import { apiPost } from "../../../lib/api";

export function sendQueryRequest(body: QueryRequestBody): Promise<LeadStored> {
  return apiPost("/leads/query", (c) => c.LeadStored, body);
}

export function useSendQueryRequest() {
  return useMutation({ mutationFn: sendQueryRequest });
}
