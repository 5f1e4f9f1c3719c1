import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { deleteInBatches } from "../../db/batched-delete.js";
import type { Database } from "../../db/client.js";
import { executeKeptQuery } from "../../db/named-statement.js";
import { companies, companyInvitations, orders, user } from "../../db/schema.js";

/** A company of one for a person: named after them (their address when they gave no name), billed at their address. */
export async function insertCompanyOfOne(
  tx: Database,
  person: { name: string; email: string },
): Promise<string> {
  const name = person.name.trim() || person.email;
  const [row] = await tx
    .insert(companies)
    .values({ name, billingEmail: person.email })
    .returning({ id: companies.id });
  if (!row) throw new Error("The company was not written.");
  return row.id;
}

/** The person as the companies need them, locked until the transaction ends (one company made at a time). */
export async function personForCompany(tx: Database, userId: string) {
  const [row] = await tx
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      companyId: user.companyId,
      companyRole: user.companyRole,
    })
    .from(user)
    .where(eq(user.id, userId))
    .for("update");
  return row;
}

/** A company by its id: a statement kept (`executeKeptQuery`), planned once per connection. */
export async function companyById(db: Database, id: string) {
  const [row] = await executeKeptQuery(
    db,
    "company_by_id",
    () =>
      db
        .select()
        .from(companies)
        .where(eq(companies.id, sql.placeholder("id"))),
    { id },
  );
  return row;
}

/** A company's people with their client roles: Admins first, then by name (a kept statement). */
export function peopleOfCompany(db: Database, companyId: string) {
  return executeKeptQuery(
    db,
    "company_people",
    () =>
      db
        .select({ id: user.id, name: user.name, email: user.email, role: user.companyRole })
        .from(user)
        .where(eq(user.companyId, sql.placeholder("company")))
        .orderBy(sql`${user.companyRole} <> 'admin'`, asc(user.name), asc(user.id)),
    { company: companyId },
  );
}

/**
 * A company's people with their client roles, locked until the transaction ends: changes of
 * roles and removals in one company happen one at a time, so it always keeps an Admin.
 */
export function peopleOfCompanyForUpdate(tx: Database, companyId: string) {
  return tx
    .select({ id: user.id, name: user.name, email: user.email, role: user.companyRole })
    .from(user)
    .where(eq(user.companyId, companyId))
    .orderBy(asc(user.id))
    .for("update");
}

/** Companies' ids, names, billing e-mails and when they were made, by id (one query for all of them). */
export function companiesWithIds(db: Database, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: companies.id,
      name: companies.name,
      billingEmail: companies.billingEmail,
      createdAt: companies.createdAt,
    })
    .from(companies)
    .where(inArray(companies.id, ids));
}

/** The company each of these orders belongs to, by the order's id (one query; an order of none is left out). */
export function companiesOfOrders(db: Database, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({ orderId: orders.id, id: companies.id, name: companies.name })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .where(inArray(orders.id, orderIds));
}

/** The company's details as its Admin gave them; from the first time on, they are "given". */
export async function updateCompanyDetails(
  tx: Database,
  id: string,
  details: { name: string; address: string; vatId: string | null; billingEmail: string },
): Promise<void> {
  await tx
    .update(companies)
    .set({ ...details, detailsGivenAt: sql`coalesce(${companies.detailsGivenAt}, now())` })
    .where(eq(companies.id, id));
}

/** The person's company and client role as their row says now (a session may be a few seconds old). */
export async function placeOfPerson(db: Database, userId: string) {
  const [row] = await db
    .select({ role: user.role, companyId: user.companyId, companyRole: user.companyRole })
    .from(user)
    .where(eq(user.id, userId));
  return row;
}

/** A person with their company and client role, as their row says now. */
export async function personWithPlace(db: Database, userId: string) {
  const [row] = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      companyId: user.companyId,
      companyRole: user.companyRole,
    })
    .from(user)
    .where(eq(user.id, userId));
  return row;
}

/** See `forgetCompanyPerson`: the erased person's company, rid of what named them. */
export async function forgetPersonInCompany(
  tx: Database,
  person: { id: string; oldEmail: string; newEmail: string; name: string },
): Promise<void> {
  const theirs = sql`(select ${user.companyId} from ${user} where ${user.id} = ${person.id})`;
  const alone = sql`(select count(*) from ${user} where ${user.companyId} = ${companies.id}) <= 1`;
  await tx
    .update(companies)
    .set({
      name: sql`case when ${companies.detailsGivenAt} is null then ${person.name} else ${companies.name} end`,
      billingEmail: sql`case when lower(${companies.billingEmail}) = lower(${person.oldEmail})
        then ${person.newEmail} else ${companies.billingEmail} end`,
      address: sql`case when ${alone} then '' else ${companies.address} end`,
      vatId: sql`case when ${alone} then null else ${companies.vatId} end`,
    })
    .where(eq(companies.id, theirs));
}

export type CompanyInvitationRow = typeof companyInvitations.$inferSelect;

/** A company's invitations neither accepted nor revoked (expired ones too), oldest first. */
export function openInvitationsOfCompany(db: Database, companyId: string): Promise<CompanyInvitationRow[]> {
  return db
    .select()
    .from(companyInvitations)
    .where(
      and(
        eq(companyInvitations.companyId, companyId),
        isNull(companyInvitations.acceptedAt),
        isNull(companyInvitations.revokedAt),
      ),
    )
    .orderBy(asc(companyInvitations.createdAt));
}

export async function insertCompanyInvitation(
  tx: Database,
  values: typeof companyInvitations.$inferInsert,
): Promise<CompanyInvitationRow | undefined> {
  const [row] = await tx.insert(companyInvitations).values(values).returning();
  return row;
}

/** The company's invitation, locked for the rest of `tx`. */
export async function companyInvitationForUpdate(
  tx: Database,
  companyId: string,
  id: string,
): Promise<CompanyInvitationRow | undefined> {
  const [row] = await tx
    .select()
    .from(companyInvitations)
    .where(and(eq(companyInvitations.id, id), eq(companyInvitations.companyId, companyId)))
    .for("update");
  return row;
}

export async function companyInvitationWithTokenHash(
  db: Database,
  tokenHash: string,
  lock = false,
): Promise<CompanyInvitationRow | undefined> {
  const query = db.select().from(companyInvitations).where(eq(companyInvitations.tokenHash, tokenHash));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** A new link and 7 more days for an open invitation. */
export async function renewCompanyInvitation(
  tx: Database,
  id: string,
  values: { tokenHash: string; expiresAt: Date; updatedAt: Date },
): Promise<CompanyInvitationRow | undefined> {
  const [row] = await tx
    .update(companyInvitations)
    .set(values)
    .where(eq(companyInvitations.id, id))
    .returning();
  return row;
}

export async function closeCompanyInvitation(
  tx: Database,
  id: string,
  closed: { acceptedAt: Date; acceptedBy: string } | { revokedAt: Date },
): Promise<void> {
  await tx.update(companyInvitations).set(closed).where(eq(companyInvitations.id, id));
}

/** The account with this address (any case): its team role and company, if it has one. */
export async function accountOfAddress(db: Database, email: string) {
  const [row] = await db
    .select({ id: user.id, role: user.role, companyId: user.companyId })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()))
    .limit(1);
  return row;
}

/** Whether the company holds any order (a company of one's person joining others leaves it behind). */
export async function companyHasOrders(db: Database, companyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.companyId, companyId))
    .limit(1);
  return row !== undefined;
}

/** As the team's: a company's invitations accepted or revoked before `before` go. */
export function pruneClosedCompanyInvitations(db: Database, before: Date): Promise<number> {
  return deleteInBatches(
    db,
    companyInvitations,
    companyInvitations.id,
    sql`${companyInvitations.acceptedAt} < ${before} or ${companyInvitations.revokedAt} < ${before}`,
  );
}
