import {
  type ApiKey,
  type ApiKeyList,
  apiKeyMessages,
  type CreateApiKeyBody,
  type CreatedApiKey,
  isId,
} from "@agency/contract";
import { desc, eq } from "drizzle-orm";
import type { z } from "zod";
import { keyState, newApiKey } from "../../auth/api-keys.js";
import { accountIdOf, type SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { apiKeys } from "../../db/schema.js";
import { AppError, notFound } from "../../errors.js";
import { auditActorOf, recordAudit } from "../audit/index.js";
import { findRole, roleNames } from "../team/index.js";

type KeyRow = typeof apiKeys.$inferSelect;
/** The new key's fields as checked: the expiry is a date by then. */
type Created = z.output<typeof CreateApiKeyBody>;

function toApiKey(row: KeyRow, names: Map<string, string>, now: Date): ApiKey {
  const roleName = row.role === "owner" ? null : (names.get(row.role) ?? null);
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    role: row.role,
    roleName,
    state: keyState({ ...row, roleExists: roleName !== null }, now),
    createdBy: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** Every key, newest first, and the roles a new key may hold (all but the owner's). */
export async function listApiKeys(db: Database): Promise<ApiKeyList> {
  const [rows, names] = await Promise.all([
    db.select().from(apiKeys).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id)),
    roleNames(db),
  ]);
  const now = new Date();
  const roles = [...names].filter(([key]) => key !== "owner").map(([key, name]) => ({ key, name }));
  return { keys: rows.map((row) => toApiKey(row, names, now)), roles };
}

/**
 * Makes a key for a role (never the owner's: ownership is a person's) and answers it with the key
 * itself, this once; only its hash is stored.
 */
export async function createApiKey(db: Database, actor: SessionUser, body: Created): Promise<CreatedApiKey> {
  if (body.role === "owner") {
    throw new AppError("bad_request", apiKeyMessages.ownerRole, { role: apiKeyMessages.ownerRole });
  }
  const role = await findRole(db, body.role);
  if (!role)
    throw new AppError("bad_request", apiKeyMessages.unknownRole, { role: apiKeyMessages.unknownRole });
  const now = new Date();
  const expiresAt = body.expiresAt ?? null;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) {
    throw new AppError("bad_request", `Invalid expiresAt: ${apiKeyMessages.pastExpiry}`, {
      expiresAt: apiKeyMessages.pastExpiry,
    });
  }
  const { key, keyHash, prefix } = newApiKey();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({
        name: body.name,
        prefix,
        keyHash,
        role: role.key,
        createdBy: accountIdOf(actor),
        createdByName: actor.name.trim() || actor.email,
        createdAt: now,
        expiresAt,
      })
      .returning();
    if (!row) throw new Error("The key was not written.");
    await recordAudit(tx, {
      actor: auditActorOf(actor),
      action: "api_key.created",
      subject: { type: "api_key", id: row.id, label: row.name },
      after: { name: row.name, prefix, role: role.key, expiresAt },
    });
    return { ...toApiKey(row, new Map([[role.key, role.name]]), now), key };
  });
}

/** Revokes a key: from now on every call with it is refused (401). */
export async function revokeApiKey(db: Database, actor: SessionUser, id: string): Promise<ApiKey> {
  if (!isId(id)) throw notFound("The key");
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(apiKeys).where(eq(apiKeys.id, id)).for("update");
    if (!before) throw notFound("The key");
    if (before.revokedAt) throw new AppError("conflict", apiKeyMessages.alreadyRevoked);
    const [after] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date(), revokedBy: accountIdOf(actor) })
      .where(eq(apiKeys.id, id))
      .returning();
    if (!after) throw notFound("The key");
    await recordAudit(tx, {
      actor: auditActorOf(actor),
      action: "api_key.revoked",
      subject: { type: "api_key", id: after.id, label: after.name },
      before: { revoked: false },
      after: { revoked: true },
    });
    return after;
  });
  return toApiKey(row, await roleNames(db), new Date());
}
