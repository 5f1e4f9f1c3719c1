import type { AppLoadContext } from "react-router";
import type { InitialQuery } from "./initial-data";
import { pageDataOf } from "./page-data.server";
import { queryKeys } from "./query-keys";

type Read = "services" | "pricing" | "reviews" | "blogs";

const keys = {
  services: queryKeys.services,
  pricing: queryKeys.pricing.all,
  reviews: queryKeys.reviews.all,
  blogs: queryKeys.blogs,
} as const;

/**
 * The public lists a page shows, read on the server, each under the query key its component uses
 * (see useInitialData).
 */
export async function pageQueries(context: AppLoadContext, reads: readonly Read[]): Promise<InitialQuery[]> {
  const data = pageDataOf(context);
  return Promise.all(reads.map(async (read) => [keys[read], await data[read]()] as const));
}
