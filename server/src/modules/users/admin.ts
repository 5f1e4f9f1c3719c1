import type { UserList, UserListQuery, UsersExportQuery } from "@agency/contract";
import { and, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { newestFirstPage } from "../../db/keyset.js";
import { createdOnDays, nameOrEmailSearch } from "../../db/list-search.js";
import { readRowCounts } from "../../db/row-counts.js";
import { user } from "../../db/schema.js";
import { accountsMatching, accountsPage } from "./queries.js";

/** The role filter, the days and the search (the start of the e-mail, the name or a word of it). */
export function adminUserFilter(query: UsersExportQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    // "admin" is every member of the team (SPEC §3's admin), "customer" everyone else.
    query.role === "admin" ? isNotNull(user.role) : query.role === "customer" ? isNull(user.role) : undefined,
    ...createdOnDays(user.createdAt, query),
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
  const filter = adminUserFilter(query);
  const [page, counts, matches] = await Promise.all([
    newestFirstPage(user, query, (plan) => accountsPage(db, plan), filter),
    readRowCounts(db, ["users"]),
    filter ? accountsMatching(db, filter) : undefined,
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
