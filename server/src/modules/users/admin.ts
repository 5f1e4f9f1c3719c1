import type { UserList, UserListQuery, UsersExportQuery } from "@agency/contract";
import { and, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { type FilterValues, inlineValues, keptValues } from "../../db/filter-values.js";
import { newestFirstPage } from "../../db/keyset.js";
import { createdOnDays, nameOrEmailSearch } from "../../db/list-search.js";
import { readRowCounts } from "../../db/row-counts.js";
import { user } from "../../db/schema.js";
import { accountsMatching, accountsPage } from "./queries.js";

/**
 * The role filter, the days and the search (the start of the e-mail, the name or a word of it).
 * With `bound` (`keptValues`), the days are placeholders of statements kept for the shape.
 */
export function adminUserFilter(
  query: UsersExportQuery,
  bound: FilterValues = inlineValues,
): SQL | undefined {
  if (query.role) bound.part(query.role === "admin" ? "team" : "customers");
  const conditions: (SQL | undefined)[] = [
    // "admin" is every member of the team (SPEC §3's admin), "customer" everyone else.
    query.role === "admin" ? isNotNull(user.role) : query.role === "customer" ? isNull(user.role) : undefined,
    ...createdOnDays(user.createdAt, query, bound),
    query.q ? nameOrEmailSearch(user, query.q) : undefined,
  ];
  const present = conditions.filter((condition) => condition !== undefined);
  return present.length === 0 ? undefined : and(...present);
}

/**
 * The accounts, newest first, one page at a time, with the total (kept by a trigger); a searched
 * or filtered list also says how many accounts match, up to 1,000.
 */
export async function listUsers(db: Database, query: UserListQuery): Promise<UserList> {
  // Without a search, whose best plan depends on its words, the statements are kept for the
  // filter's shape, its values filled in at each run (as All Orders', docs/decisions/035).
  const bound = query.q ? undefined : keptValues();
  const filter = adminUserFilter(query, bound);
  const kept = bound?.kept();
  const [page, counts, matches] = await Promise.all([
    newestFirstPage(user, query, (plan) => accountsPage(db, plan, kept), filter, kept !== undefined),
    readRowCounts(db, ["users"]),
    filter ? accountsMatching(db, filter, kept) : undefined,
  ]);
  return {
    users: page.rows.map((row) => ({
      _id: row.id,
      email: row.email,
      displayName: row.name,
      role: row.role ? "admin" : null,
      teamRole: row.role,
      createdAt: row.createdAt.toISOString(),
    })),
    total: counts.users,
    nextCursor: page.nextCursor,
    previousCursor: page.previousCursor,
    ...(matches ? { matches } : {}),
  };
}
