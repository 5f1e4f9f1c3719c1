import type { MatchCount } from "@agency/contract";
import type { SQL } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import type { KeptFilter } from "../../db/filter-values.js";
import { type PagePlan, runPage } from "../../db/keyset.js";
import { countMatches } from "../../db/list-search.js";
import { user } from "../../db/schema.js";

type AccountListRow = {
  id: string;
  email: string;
  name: string;
  role: string | null;
  createdAt: Date;
};

/**
 * One page of accounts as the admin's list shows them, each with its position as a cursor. With
 * `kept`, the statement is built once for the filter's and the page's shape and kept.
 */
export function accountsPage(
  db: Database,
  plan: PagePlan,
  kept?: KeptFilter,
): Promise<{ row: AccountListRow; cursor: string }[]> {
  return runPage(db, "users", plan, kept, (where, limit) =>
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
      .where(where)
      .orderBy(...plan.orderBy)
      .limit(limit),
  );
}

/** How many accounts the filter keeps, up to 1,000 (with `kept`, by a kept statement). */
export function accountsMatching(db: Database, filter: SQL, kept?: KeptFilter): Promise<MatchCount> {
  return countMatches(
    db,
    user,
    filter,
    kept && { name: `users_matching_${kept.shape}`, values: kept.values },
  );
}
