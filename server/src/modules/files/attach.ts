import { isId, workflowMessages } from "@agency/contract";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { files } from "../../db/schema.js";
import { AppError } from "../../errors.js";

/**
 * Attaches files the caller uploaded to this order, and nothing attached yet, to one message or
 * delivery, inside the caller's transaction: a file id that is not such a file refuses the whole
 * post (and the transaction takes the message or state change back with it).
 */
export async function attachFiles(
  tx: Database,
  input: { orderId: string; uploaderId: string; fileIds: string[]; messageId?: string; eventId?: string },
): Promise<void> {
  const ids = [...new Set(input.fileIds)];
  if (ids.length === 0) return;
  const refused = () =>
    new AppError("bad_request", workflowMessages.fileNotAvailable, { fileIds: "unknown file" });
  if (!ids.every(isId)) throw refused();
  const attached = await tx
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
  if (attached.length !== ids.length) throw refused();
}
