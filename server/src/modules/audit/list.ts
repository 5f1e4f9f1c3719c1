import type { AuditEntry, AuditList, AuditQuery } from "@agency/contract";
import { and, eq, inArray, ne, notInArray, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { seesAllCustomerRecords } from "../../auth/order-access.js";
import type { SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { newestFirstPage } from "../../db/keyset.js";
import { countMatches, createdOnDays, escapeLike } from "../../db/list-search.js";
import { auditLog, user } from "../../db/schema.js";

const actorAccount = alias(user, "actor_account");
const subjectAccount = alias(user, "subject_account");

/**
 * The search: the start of the actor's e-mail as it was kept or as the account has it now, the
 * start of an account subject's e-mail, text in the subject's name, or the subject's id.
 */
function search(text: string): SQL | undefined {
  const lowered = text.trim().toLowerCase();
  if (!lowered) return undefined;
  const prefix = `${escapeLike(lowered)}%`;
  const accountsLike = sql`(select ${user.id} from ${user} where lower(${user.email}) like ${prefix})`;
  return or(
    sql`lower(${auditLog.actorLabel}) like ${prefix}`,
    inArray(auditLog.actorId, accountsLike),
    and(eq(auditLog.subjectType, "user"), inArray(auditLog.subjectId, accountsLike)),
    sql`lower(${auditLog.subjectLabel}) like ${`%${escapeLike(lowered)}%`}`,
    eq(auditLog.subjectId, text.trim()),
  );
}

/** The subjects whose entries hold customers' data: orders, their money, documents, leads and exports. */
const customerSubjects = ["order", "payment", "quote", "invoice", "lead", "export", "review"] as const;

/**
 * SQL: the entries a member who does not see every customer's records may read (see
 * `seesAllCustomerRecords`): none on customers' data, none a customer made, no deleted account.
 */
const withoutCustomerRecords = and(
  notInArray(auditLog.subjectType, [...customerSubjects]),
  ne(auditLog.actorType, "customer"),
  ne(auditLog.action, "account.deleted"),
);

type Row = {
  entry: typeof auditLog.$inferSelect;
  actorEmail: string | null;
  subjectEmail: string | null;
};

function toEntry({ entry, actorEmail, subjectEmail }: Row): AuditEntry {
  return {
    id: entry.id,
    at: entry.at.toISOString(),
    actor: { type: entry.actorType, id: entry.actorId, label: entry.actorLabel, email: actorEmail },
    action: entry.action,
    subject: {
      type: entry.subjectType,
      id: entry.subjectId,
      label: entry.subjectLabel,
      email: subjectEmail,
    },
    before: entry.before ?? null,
    after: entry.after ?? null,
  };
}

/**
 * The audit log newest first, a page at a time, of one action or all, searched or limited to
 * days; narrowed, it also says how many entries match, up to 1,000.
 */
export async function listAudit(
  db: Database,
  caller: SessionUser,
  { action, q, from, to, ...query }: AuditQuery,
): Promise<AuditList> {
  const conditions = [
    seesAllCustomerRecords(caller) ? undefined : withoutCustomerRecords,
    action ? eq(auditLog.action, action) : undefined,
    ...createdOnDays(auditLog.at, { from, to }),
    q ? search(q) : undefined,
  ].filter((condition) => condition !== undefined);
  const filter = conditions.length > 0 ? and(...conditions) : undefined;
  const [page, matches] = await Promise.all([
    newestFirstPage(
      { createdAt: auditLog.at, id: auditLog.id },
      query,
      (plan) =>
        db
          .select({
            entry: auditLog,
            actorEmail: actorAccount.email,
            subjectEmail: subjectAccount.email,
            cursor: plan.cursor,
          })
          .from(auditLog)
          .leftJoin(actorAccount, eq(actorAccount.id, auditLog.actorId))
          .leftJoin(
            subjectAccount,
            and(eq(auditLog.subjectType, "user"), eq(subjectAccount.id, auditLog.subjectId)),
          )
          .where(plan.where)
          .orderBy(...plan.orderBy)
          .limit(plan.limit)
          .then((rows) => rows.map(({ cursor, ...row }): { row: Row; cursor: string } => ({ row, cursor }))),
      filter,
    ),
    filter ? countMatches(db, auditLog, filter) : undefined,
  ]);
  return {
    entries: page.rows.map(toEntry),
    nextCursor: page.nextCursor,
    previousCursor: page.previousCursor,
    ...(matches ? { matches } : {}),
  };
}
