import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";

/** A query's key and the data a page's loader read for it on the server. */
export type InitialQuery = readonly [QueryKey, unknown];

/**
 * Puts a page's loader data into the query cache before the page's components ask for it, so the
 * lists they show through TanStack Query start with what the server rendered: no loading state,
 * no shift and no request on hydration. The data is as fresh as a fetch made now (the server
 * drops a rendered page when the catalog changes), so it counts as fetched now. It runs again
 * whenever the loader brings new data (a client navigation).
 */
export function useInitialData(queries: readonly InitialQuery[]) {
  const queryClient = useQueryClient();
  const seeded = useRef<readonly InitialQuery[] | undefined>(undefined);
  if (seeded.current !== queries) {
    seeded.current = queries;
    for (const [key, data] of queries) queryClient.setQueryData(key, data);
  }
}
