import { QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError, errorMessage } from "./api";
import { notifyError } from "./toast";

function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      // A first load shows its own error state in the page; a failed background refresh of data
      // already on screen would otherwise go unnoticed.
      onError(error, query) {
        if (query.state.data !== undefined) notifyError(errorMessage(error));
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // Repeating a request the server refused will not change its answer.
        retry: (failureCount, error) => !isClientError(error) && failureCount < 2,
      },
    },
  });
}
