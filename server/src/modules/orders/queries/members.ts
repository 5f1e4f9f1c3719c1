import { and, asc, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
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

/** An active member of the team as `activeMembersByName` and `activeMembersJson` read them. */
export type ActiveMember = {
  id: string;
  name: string;
  email: string;
  role: string | null;
  permissions: string | null;
};

/** SQL: the accounts that are active members of the team (not suspended). */
const isActiveMember = and(isNotNull(user.role), isNull(user.suspendedAt));

/**
 * SQL: the active members of the team as one JSON array of `ActiveMember`, by name, for a
 * statement that reads them beside its own rows (the board, at every call) instead of in one of
 * their own.
 */
export function activeMembersJson(): SQL {
  const fields = Object.entries(memberColumns).flatMap(([name, column]) => [sql.raw(`'${name}'`), column]);
  return sql`(select coalesce(json_agg(json_build_object(${sql.join(fields, sql`, `)}) order by ${user.name}, ${user.id}), '[]')
    from ${user} where ${isActiveMember})`;
}

/**
 * The active members of the team (not suspended), by name, with what their role lets them do: a
 * statement kept, planned once per connection.
 */
export function activeMembersByName(db: Database) {
  return executeKeptQuery(
    db,
    "active_members_by_name",
    () => db.select(memberColumns).from(user).where(isActiveMember).orderBy(asc(user.name), asc(user.id)),
    {},
  );
}

/** The member with this id while they are active, with what their role lets them do. */
export async function activeMemberWithId(db: Database, id: string) {
  const [member] = await db
    .select(memberColumns)
    .from(user)
    .where(and(eq(user.id, id), isActiveMember));
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
