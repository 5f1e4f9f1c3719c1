import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { currentPeriodOf } from "../../db/order-periods.js";
import { files, messages, orders } from "../../db/schema.js";

export type FileRow = typeof files.$inferSelect;

/** Records an upload, attached to nothing yet, in the order's current work period. */
export async function insertUnattachedFile(
  tx: Database,
  values: Pick<FileRow, "orderId" | "uploaderId" | "storageKey" | "name" | "size" | "contentType">,
): Promise<FileRow | undefined> {
  const [inserted] = await tx
    .insert(files)
    .values({
      orderId: values.orderId,
      uploaderId: values.uploaderId,
      storageKey: values.storageKey,
      name: values.name,
      size: values.size,
      contentType: values.contentType,
      period: currentPeriodOf(values.orderId),
    })
    .returning();
  return inserted;
}

/** A file with who its order belongs to and is assigned to, and whether its message is internal. */
export async function fileWithItsOrder(db: Database, id: string) {
  const [row] = await db
    .select({
      file: files,
      customerId: orders.userId,
      companyId: orders.companyId,
      assigneeId: orders.assigneeId,
      internal: messages.internal,
    })
    .from(files)
    .innerJoin(orders, eq(orders.id, files.orderId))
    .leftJoin(messages, eq(messages.id, files.messageId))
    .where(eq(files.id, id));
  return row;
}

/** Deletes the file if nothing took it; answers its storage key then. */
export async function deleteFileIfUnattached(
  db: Database,
  fileId: string,
): Promise<{ storageKey: string } | undefined> {
  const [row] = await db
    .delete(files)
    .where(and(eq(files.id, fileId), isNull(files.messageId), isNull(files.eventId)))
    .returning({ storageKey: files.storageKey });
  return row;
}

/** The files attached to these messages or order events, oldest first. */
export function filesAttachedOldestFirst(
  db: Database,
  by: "messageId" | "eventId",
  ids: string[],
): Promise<FileRow[]> {
  return db.select().from(files).where(inArray(files[by], ids)).orderBy(asc(files.createdAt));
}

/**
 * Attaches to one message or delivery those of these files that this uploader uploaded to this
 * order and that are attached to nothing yet; answers the ids attached.
 */
export function attachUnattachedFiles(
  tx: Database,
  input: { orderId: string; uploaderId: string; messageId?: string; eventId?: string },
  ids: string[],
): Promise<{ id: string }[]> {
  return tx
    .update(files)
    .set({ messageId: input.messageId ?? null, eventId: input.eventId ?? null })
    .where(
      and(
        inArray(files.id, ids),
        eq(files.orderId, input.orderId),
        eq(files.uploaderId, input.uploaderId),
        isNull(files.messageId),
        isNull(files.eventId),
      ),
    )
    .returning({ id: files.id });
}
