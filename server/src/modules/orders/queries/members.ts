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

/** An active member of the team as `activeMembersByName` reads them. */
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

/** The team as last read from a database: its active members, by name and by id. */
type TeamRead = {
  changes: number;
  members: readonly ActiveMember[];
  names: ReadonlyMap<string, string>;
};

/** The team last read from each database, with the count of team changes then. */
const teamRead = new WeakMap<Database, TeamRead>();

/**
 * The team as of `changes`, the count of changes to the team (`team_changes`, kept by the
 * triggers of migration 0070) that a statement read beside its own rows: as read before at that
 * count, or read again when it moved. A board read the team at every call, 0.5 ms of the embedded
 * database's one thread for the same few rows (docs/decisions/043).
 */
async function teamAsOf(db: Database, changes: number): Promise<TeamRead> {
  const read = teamRead.get(db);
  if (read?.changes === changes) return read;
  const members = await activeMembersByName(db);
  const team = { changes, members, names: new Map(members.map((member) => [member.id, member.name])) };
  // Read after the count was, they are at least as new: kept unless a newer count was kept meanwhile.
  if (!read || changes >= read.changes) teamRead.set(db, team);
  return team;
}

/** The active members as of `changes` (see `teamAsOf`). */
export async function activeMembersAsOf(db: Database, changes: number): Promise<readonly ActiveMember[]> {
  return (await teamAsOf(db, changes)).members;
}

/**
 * The names of the accounts with these ids (an order's assignees), as of `changes` (see
 * `teamAsOf`): an active member's from the team kept at that count, anyone else's (a member
 * suspended or gone from the team since) read now, in one statement for them all.
 */
export async function assigneeNamesAsOf(
  db: Database,
  changes: number,
  ids: Iterable<string>,
): Promise<Map<string, string>> {
  const { names: team } = await teamAsOf(db, changes);
  const names = new Map<string, string>();
  const others = new Set<string>();
  for (const id of ids) {
    const name = team.get(id);
    if (name === undefined) others.add(id);
    else names.set(id, name);
  }
  if (others.size > 0) for (const { id, name } of await namesOfAccounts(db, [...others])) names.set(id, name);
  return names;
}
