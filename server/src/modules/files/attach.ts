import { isId, workflowMessages } from "@agency/contract";
import type { Database } from "../../db/client.js";
import { AppError } from "../../errors.js";
import { attachUnattachedFiles } from "./queries.js";

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
  const attached = await attachUnattachedFiles(tx, input, ids);
  if (attached.length !== ids.length) throw refused();
}
