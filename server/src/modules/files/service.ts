import { randomUUID } from "node:crypto";
import { type FileMeta, isId, uploadContentTypes, workflowMessages } from "@agency/contract";
import { findVisibleOrder, isOrderClient, maySeeOrder } from "../../auth/order-access.js";
import { isTeamMember, type SessionUser } from "../../auth/session.js";
import type { Clock } from "../../clock.js";
import type { Database } from "../../db/client.js";
import { AppError, notFound } from "../../errors.js";
import { enqueue } from "../../jobs/queue.js";
import type { ScanHook } from "../../storage/scan.js";
import type { FileStorage } from "../../storage/storage.js";
import { toFileMeta } from "./metadata.js";
import { deleteFileIfUnattached, type FileRow, fileWithItsOrder, insertUnattachedFile } from "./queries.js";

const allowedTypes = new Set<string>(uploadContentTypes);
const maxNameLength = 200;

/**
 * A file name is kept as given, or refused: path parts (`/`, `\`, `.` or `..` alone) and control
 * characters are errors the uploader sees, never silently rewritten into another name.
 */
function checkFileName(raw: string): string {
  const name = raw.normalize("NFC").trim();
  const refused = (message: string) => new AppError("bad_request", message, { file: message });
  if (!name) throw refused(workflowMessages.noFile);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
  if (/[/\\]|[\u0000-\u001f\u007f-\u009f]/.test(name) || name === "." || name === "..") {
    throw refused(workflowMessages.fileName);
  }
  if (name.length > maxNameLength)
    throw refused(`The file name must be at most ${maxNameLength} characters.`);
  return name;
}

export type Upload = { name: string; contentType: string; body: Buffer };

export type FileContext = { db: Database; storage: FileStorage; scan: ScanHook; clock: Clock };

/** How long an upload waits to be attached to a message or delivery before it is removed. */
export const unattachedFileLifetimeMs = 24 * 60 * 60 * 1000;

/**
 * Stores a file for a paid order of the caller's (its customer, or an admin), after every check:
 * name, type, size, then the scan hook. It is attached to nothing until a message or delivery
 * names it. A refusal stores nothing; a failed database write removes the stored bytes again.
 */
export async function storeUpload(
  ctx: FileContext,
  caller: SessionUser,
  orderId: string,
  upload: Upload,
): Promise<FileMeta> {
  const order = await findVisibleOrder(ctx.db, caller, orderId);
  // The work, and what is sent for it, starts with the payment (an unpaid order may be deleted).
  if (!order.paid) throw new AppError("conflict", workflowMessages.notPaid);
  const name = checkFileName(upload.name);
  const contentType = upload.contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!allowedTypes.has(contentType)) {
    throw new AppError("bad_request", workflowMessages.fileType, { file: contentType || "no type" });
  }
  if (upload.body.length === 0)
    throw new AppError("bad_request", workflowMessages.emptyFile, { file: "empty" });
  await ctx.scan({ name, contentType, body: upload.body });
  const key = randomUUID();
  await ctx.storage.put(key, upload.body, contentType);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const inserted = await insertUnattachedFile(tx, {
        orderId: order.id,
        uploaderId: caller.id,
        storageKey: key,
        name,
        size: upload.body.length,
        contentType,
      });
      if (!inserted) throw new Error("The file was not recorded.");
      const runAt = new Date(ctx.clock.now().getTime() + unattachedFileLifetimeMs);
      await enqueue(
        tx,
        "file.discard-unattached",
        { fileId: inserted.id },
        { runAt, key: `discard-file:${inserted.id}` },
      );
      return inserted;
    });
    return toFileMeta(row);
  } catch (error) {
    await ctx.storage.delete(key);
    throw error;
  }
}

/**
 * Who may download a file: the team, any on an order they may see (see `maySeeOrder`); the order's customer, a file on one of the
 * agency's public messages or deliveries or their own, never one on an internal note, nor an
 * admin's upload that is not attached yet.
 */
export async function findDownloadableFile(db: Database, caller: SessionUser, id: string): Promise<FileRow> {
  if (!isId(id)) throw notFound("The file");
  const row = await fileWithItsOrder(db, id);
  if (!row) throw notFound("The file");
  if (isTeamMember(caller)) {
    if (
      !maySeeOrder(caller, { userId: row.customerId, assigneeId: row.assigneeId, companyId: row.companyId })
    )
      throw notFound("The file");
    return row.file;
  }
  const { file } = row;
  const attached = file.eventId !== null || (file.messageId !== null && row.internal === false);
  const ownUpload = file.messageId === null && file.eventId === null && file.uploaderId === caller.id;
  const client = isOrderClient(caller, { userId: row.customerId, companyId: row.companyId });
  if (!client || !(attached || ownUpload)) throw notFound("The file");
  return file;
}

/** `attachment` with the file's name: ASCII for old clients, UTF-8 for the rest (RFC 6266). */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Removes an upload nothing took (the job a day after it was uploaded); an attached one stays. */
export async function discardUnattachedFile(
  db: Database,
  storage: FileStorage,
  fileId: string,
): Promise<void> {
  const row = await deleteFileIfUnattached(db, fileId);
  if (row) await storage.delete(row.storageKey);
}
