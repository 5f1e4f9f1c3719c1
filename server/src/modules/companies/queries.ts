import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { companies, user } from "../../db/schema.js";

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

export async function companyById(db: Database, id: string) {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row;
}

/** A company's people with their client roles: Admins first, then by name. */
export function peopleOfCompany(db: Database, companyId: string) {
  return db
    .select({ id: user.id, name: user.name, email: user.email, role: user.companyRole })
    .from(user)
    .where(eq(user.companyId, companyId))
    .orderBy(sql`${user.companyRole} <> 'admin'`, asc(user.name), asc(user.id));
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
