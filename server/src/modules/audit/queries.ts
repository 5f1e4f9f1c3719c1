import type { AuditQuery, MatchCount } from "@agency/contract";
import { and, asc, eq, gt, inArray, lte, ne, notInArray, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.js";
import type { PagePlan } from "../../db/keyset.js";
import { countMatches, createdOnDays, escapeLike } from "../../db/list-search.js";
import { auditHead, auditLog, user } from "../../db/schema.js";

type AuditHead = typeof auditHead.$inferSelect;
type AuditRow = typeof auditLog.$inferSelect;

/** The chain's head, locked until the transaction ends, so two appends cannot fork the chain. */
export async function auditHeadForUpdate(tx: Database): Promise<AuditHead | undefined> {
  const [head] = await tx.select().from(auditHead).for("update");
  return head;
}

export async function insertAuditRow(tx: Database, row: typeof auditLog.$inferInsert): Promise<void> {
  await tx.insert(auditLog).values(row);
}

export async function moveAuditHead(tx: Database, lastId: number, lastHash: string): Promise<void> {
  await tx.update(auditHead).set({ lastId, lastHash });
}

export async function auditHeadRow(db: Database): Promise<AuditHead | undefined> {
  const [head] = await db.select().from(auditHead);
  return head;
}

/** Up to `limit` rows after row `afterId`, up to row `lastId`, in id order. */
export async function auditRowsAfter(
  db: Database,
  afterId: number,
  lastId: number,
  limit: number,
): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(and(gt(auditLog.id, afterId), lte(auditLog.id, lastId)))
    .orderBy(asc(auditLog.id))
    .limit(limit);
}

/**
 * The head's last id and the first row beyond it (null when there is none), read in one
 * statement, so an append committing meanwhile cannot pass for a stray row.
 */
export async function firstRowBeyondHead(
  db: Database,
): Promise<{ head: number; first: number | null } | undefined> {
  const [stray] = await db
    .select({
      head: sql<number>`(select ${auditHead.lastId} from ${auditHead})`.mapWith(Number),
      first: sql<
        number | null
      >`(select min(${auditLog.id}) from ${auditLog} where ${auditLog.id} > (select ${auditHead.lastId} from ${auditHead}))`,
    })
    .from(sql`(select 1) as one`);
  return stray;
}

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
const customerSubjects = [
  "order",
  "payment",
  "quote",
  "invoice",
  "lead",
  "export",
  "review",
  "company",
] as const;

/** None on customers' data, none a customer made, no deleted account. */
const withoutCustomerRecords = and(
  notInArray(auditLog.subjectType, [...customerSubjects]),
  ne(auditLog.actorType, "customer"),
  ne(auditLog.action, "account.deleted"),
);

/** The condition of a list of the log: of one action or all, searched or limited to days. */
export function auditFilter(
  options: Pick<AuditQuery, "action" | "q" | "from" | "to"> & { withoutCustomerRecords: boolean },
): SQL | undefined {
  const { action, q, from, to } = options;
  const conditions = [
    options.withoutCustomerRecords ? withoutCustomerRecords : undefined,
    action ? eq(auditLog.action, action) : undefined,
    ...createdOnDays(auditLog.at, { from, to }),
    q ? search(q) : undefined,
  ].filter((condition) => condition !== undefined);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export type AuditEntryRow = {
  entry: AuditRow;
  actorEmail: string | null;
  subjectEmail: string | null;
};

/** One page of the log with the e-mails the actor's and an account subject's accounts have now. */
export async function auditEntriesPage(
  db: Database,
  plan: PagePlan,
): Promise<{ row: AuditEntryRow; cursor: string }[]> {
  return db
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
    .then((rows) => rows.map(({ cursor, ...row }) => ({ row, cursor })));
}

export async function auditEntriesMatching(db: Database, filter: SQL): Promise<MatchCount> {
  return countMatches(db, auditLog, filter);
}

/** The key the log's pages are ordered by, newest first. */
export const auditPageKey = { createdAt: auditLog.at, id: auditLog.id };
