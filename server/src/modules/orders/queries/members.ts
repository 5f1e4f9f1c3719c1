import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { executeKeptQuery, preparedOnce } from "../../../db/named-statement.js";
import { user } from "../../../db/schema.js";

const memberColumns = {
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  permissions: user.permissions,
};

/**
 * The active members of the team (not suspended), by name, with what their role lets them do: a
 * statement kept, planned once per connection (the board reads it at every call).
 */
export function activeMembersByName(db: Database) {
  return executeKeptQuery(
    db,
    "active_members_by_name",
    () =>
      db
        .select(memberColumns)
        .from(user)
        .where(and(isNotNull(user.role), isNull(user.suspendedAt)))
        .orderBy(asc(user.name), asc(user.id)),
    {},
  );
}

/** The member with this id while they are active, with what their role lets them do. */
export async function activeMemberWithId(db: Database, id: string) {
  const [member] = await db
    .select(memberColumns)
    .from(user)
    .where(and(eq(user.id, id), isNotNull(user.role), isNull(user.suspendedAt)));
  return member;
}

/** The names of the accounts with these ids. */
export function namesOfAccounts(db: Database, ids: string[]): Promise<{ id: string; name: string }[]> {
  return preparedOnce(db, "names_of_accounts", () =>
    db
      .select({ id: user.id, name: user.name })
      .from(user)
      .where(sql`${user.id} = any(${sql.placeholder("ids")}::text[])`)
      .prepare("names_of_accounts"),
  ).execute({ ids });
}
