import type { MatchCount } from "@agency/contract";
import type { SQL } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import type { PagePlan } from "../../db/keyset.js";
import { countMatches } from "../../db/list-search.js";
import { user } from "../../db/schema.js";

type AccountListRow = {
  id: string;
  email: string;
  name: string;
  role: string | null;
  createdAt: Date;
};

/** One page of accounts as the admin's list shows them, each with its position as a cursor. */
export function accountsPage(
  db: Database,
  plan: PagePlan,
): Promise<{ row: AccountListRow; cursor: string }[]> {
  return db
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
    .limit(plan.limit);
}

/** How many accounts the filter keeps, up to 1,000. */
export function accountsMatching(db: Database, filter: SQL): Promise<MatchCount> {
  return countMatches(db, user, filter);
}
