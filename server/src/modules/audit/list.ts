import type { AuditEntry, AuditList, AuditQuery } from "@agency/contract";
import { seesAllCustomerRecords } from "../../auth/order-access.js";
import type { SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { newestFirstPage } from "../../db/keyset.js";
import {
  type AuditEntryRow,
  auditEntriesMatching,
  auditEntriesPage,
  auditFilter,
  auditPageKey,
} from "./queries.js";

function toEntry({ entry, actorEmail, subjectEmail }: AuditEntryRow): AuditEntry {
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
 * days; narrowed, it also says how many entries match, up to 1,000. A member who does not see
 * every customer's records (see `seesAllCustomerRecords`) reads no entry on customers' data.
 */
export async function listAudit(
  db: Database,
  caller: SessionUser,
  { action, q, from, to, ...query }: AuditQuery,
): Promise<AuditList> {
  const filter = auditFilter({
    withoutCustomerRecords: !seesAllCustomerRecords(caller),
    action,
    q,
    from,
    to,
  });
  const [page, matches] = await Promise.all([
    newestFirstPage(auditPageKey, query, (plan) => auditEntriesPage(db, plan), filter),
    filter ? auditEntriesMatching(db, filter) : undefined,
  ]);
  return {
    entries: page.rows.map(toEntry),
    nextCursor: page.nextCursor,
    previousCursor: page.previousCursor,
    ...(matches ? { matches } : {}),
  };
}
