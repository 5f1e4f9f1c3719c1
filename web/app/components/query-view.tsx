import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { LoadError } from "./load-error";
import { LoadingScreen } from "./loading-screen";

type Props<Data> = {
  query: UseQueryResult<Data>;
  /** What the red message says when the query fails (SPEC §8); the server's reason and Retry follow. */
  failed: string;
  loadingLabel?: string;
  /** Shown instead of the content when the answer holds nothing (an empty list by default). */
  empty?: ReactNode;
  isEmpty?: (data: Data) => boolean;
  children: (data: Data) => ReactNode;
};

const emptyList = (data: unknown) => Array.isArray(data) && data.length === 0;

/** A query's three states, the same on every screen: loading, failed (with retry), and its data. */
export function QueryView<Data>({
  query,
  failed,
  loadingLabel,
  empty,
  isEmpty = emptyList,
  children,
}: Props<Data>) {
  if (query.isPending) return <LoadingScreen label={loadingLabel} />;
  if (query.isError) return <LoadError message={failed} query={query} />;
  if (empty !== undefined && isEmpty(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
