import type { UserList, UserListQuery } from "@agency/contract";
import type { Database } from "../../db/client.js";
import { newestFirstPage } from "../../db/keyset.js";
import { readRowCounts } from "../../db/row-counts.js";
import { user } from "../../db/schema.js";

/** The accounts, newest first, one page at a time, with the total (kept by a trigger). */
export async function listUsers(db: Database, query: UserListQuery): Promise<UserList> {
  const [page, counts] = await Promise.all([
    newestFirstPage(user, query, (plan) =>
      db
        .select({
          row: {
            id: user.id,
            email: user.email,
            name: user.name,
            role: user.role,
            createdAt: user.createdAt,
          },
          cursor: plan.cursor,
        })
        .from(user)
        .where(plan.where)
        .orderBy(...plan.orderBy)
        .limit(plan.limit),
    ),
    readRowCounts(db, ["users"]),
  ]);
  return {
    users: page.rows.map((row) => ({
      _id: row.id,
      email: row.email,
      displayName: row.name,
      role: row.role === "admin" ? "admin" : null,
      createdAt: row.createdAt.toISOString(),
    })),
    total: counts.users,
    nextCursor: page.nextCursor,
    previousCursor: page.previousCursor,
  };
}
