import type { FileMeta } from "@agency/contract";
import type { Database } from "../../db/client.js";
import { type FileRow, filesAttachedOldestFirst } from "./queries.js";

/** A file as the API shows it: the download goes through the authorised route, never the storage. */
export function toFileMeta(row: FileRow): FileMeta {
  return {
    _id: row.id,
    name: row.name,
    size: row.size,
    contentType: row.contentType,
    createdAt: row.createdAt.toISOString(),
    url: `/api/files/${row.id}`,
  };
}

/** The files attached to these messages or order events (deliveries), oldest first, by owner. */
export async function filesAttachedTo(
  db: Database,
  by: "messageId" | "eventId",
  ids: string[],
): Promise<Map<string, FileMeta[]>> {
  const grouped = new Map<string, FileMeta[]>();
  if (ids.length === 0) return grouped;
  const rows = await filesAttachedOldestFirst(db, by, ids);
  for (const row of rows) {
    const owner = row[by];
    if (!owner) continue;
    grouped.set(owner, [...(grouped.get(owner) ?? []), toFileMeta(row)]);
  }
  return grouped;
}
