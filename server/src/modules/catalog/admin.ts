import {
  type AdminService,
  type AuditAction,
  catalogMessages,
  isId,
  type ServiceBody,
} from "@agency/contract";
import type { SQL } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { services } from "../../db/schema.js";
import { AppError, notFound } from "../../errors.js";
import { type AuditActor, type AuditRecord, changedFields, recordAudit } from "../audit/index.js";
import { catalogChanged } from "./cache.js";
import { listIdsInOrderForUpdate, type OrderedTable, setListPosition } from "./queries/lists.js";
import {
  insertServiceLast,
  type ServiceRow,
  serviceByIdForUpdate,
  servicesInPageOrder,
  setServiceColumns,
} from "./queries/services.js";

// ─── Services ───────────────────────────────────────────────────────────────────────────────────

function toAdminService(row: ServiceRow): AdminService {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    image: row.image,
    position: row.position,
    archived: row.archivedAt !== null,
  };
}

/** Every service, archived ones too, in their order on the page. */
export async function listAllServices(db: Database): Promise<AdminService[]> {
  const rows = await servicesInPageOrder(db);
  return rows.map(toAdminService);
}

/** What the audit log keeps of a service. */
const serviceFields = (service: AdminService) => ({
  title: service.title,
  description: service.description,
  image: service.image,
  archived: service.archived,
});

/** A new service goes last. */
export async function createService(
  db: Database,
  actor: AuditActor,
  body: ServiceBody,
): Promise<{ insertedId: string }> {
  const row = await db.transaction(async (tx) => {
    const inserted = await insertServiceLast(tx, body);
    if (!inserted) throw new Error("The service was not stored.");
    await recordAudit(tx, {
      actor,
      action: "service.created",
      subject: { type: "service", id: inserted.id, label: inserted.title },
      after: serviceFields(toAdminService(inserted)),
    });
    return inserted;
  });
  await catalogChanged(db, "services");
  return { insertedId: row.id };
}

async function updateServiceRow(
  db: Database,
  actor: AuditActor,
  id: string,
  values: Partial<typeof services.$inferInsert>,
  action: "service.updated" | "service.archived" | "service.restored",
): Promise<AdminService> {
  if (!isId(id)) throw notFound("The service");
  const service = await db.transaction(async (tx) => {
    const current = await serviceByIdForUpdate(tx, id);
    if (!current) throw notFound("The service");
    const row = await setServiceColumns(tx, id, values);
    if (!row) throw notFound("The service");
    const change = changedFields(serviceFields(toAdminService(current)), serviceFields(toAdminService(row)));
    if (change) {
      await recordAudit(tx, {
        actor,
        action,
        subject: { type: "service", id, label: row.title },
        ...change,
      });
    }
    return toAdminService(row);
  });
  await catalogChanged(db, "services");
  return service;
}

export function updateService(
  db: Database,
  actor: AuditActor,
  id: string,
  body: ServiceBody,
): Promise<AdminService> {
  return updateServiceRow(db, actor, id, body, "service.updated");
}

/** Archived services leave the public pages and stay in the editor, to be restored. */
export function setServiceArchived(
  db: Database,
  actor: AuditActor,
  id: string,
  archived: boolean,
): Promise<AdminService> {
  return updateServiceRow(
    db,
    actor,
    id,
    { archivedAt: archived ? new Date() : null },
    archived ? "service.archived" : "service.restored",
  );
}

/** A list the editor reorders: its table, which rows of it (all when no scope), and how the log names it. */
export type OrderedList = {
  table: OrderedTable;
  scope?: SQL;
  action: AuditAction;
  subject: AuditRecord["subject"];
};

/** Positions follow the list given, which must name every row of the list exactly once. */
export async function reorder(
  db: Database,
  actor: AuditActor,
  list: OrderedList,
  ids: string[],
): Promise<void> {
  const { table } = list;
  await db.transaction(async (tx) => {
    const rows = await listIdsInOrderForUpdate(tx, table, list.scope);
    const known = new Set(rows.map((row) => row.id));
    const given = new Set(ids);
    if (given.size !== ids.length || given.size !== known.size || ids.some((id) => !known.has(id))) {
      throw new AppError("bad_request", catalogMessages.reorderMismatch);
    }
    for (const [position, id] of ids.entries()) {
      await setListPosition(tx, table, id, position);
    }
    const before = rows.map((row) => row.id);
    if (before.join() !== ids.join()) {
      await recordAudit(tx, {
        actor,
        action: list.action,
        subject: list.subject,
        before: { order: before },
        after: { order: ids },
      });
    }
  });
}

export async function reorderServices(
  db: Database,
  actor: AuditActor,
  ids: string[],
): Promise<AdminService[]> {
  await reorder(
    db,
    actor,
    { table: services, action: "services.reordered", subject: { type: "service" } },
    ids,
  );
  await catalogChanged(db, "services");
  return listAllServices(db);
}
