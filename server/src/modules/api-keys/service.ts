import {
  type ApiKey,
  type ApiKeyList,
  apiKeyMessages,
  apiKeyStateReasons,
  type CreateApiKeyBody,
  type CreatedApiKey,
  isId,
} from "@agency/contract";
import type { z } from "zod";
import {
  type ApiKeyRow,
  type KeyMaker,
  keyMakerOf,
  keyState,
  markApiKeyRevoked,
  newApiKey,
  storeApiKey,
} from "../../auth/api-keys.js";
import { holdsAll } from "../../auth/permissions.js";
import { accountIdOf, type SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { AppError, notFound } from "../../errors.js";
import { auditActorOf, recordAudit } from "../audit/index.js";
import { findRole, roleNames, rolesGivableBy } from "../team/index.js";
import { type KeyWithMaker, keyForUpdate, keysWithMakersNewestFirst, keyWithMakerById } from "./queries.js";

/** The new key's fields as checked: the expiry is a date by then. */
type Created = z.output<typeof CreateApiKeyBody>;

function toApiKey(row: ApiKeyRow, names: Map<string, string>, maker: KeyMaker, now: Date): ApiKey {
  const roleName = row.role === "owner" ? null : (names.get(row.role) ?? null);
  const state = keyState({ ...row, roleExists: roleName !== null, maker }, now);
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    role: row.role,
    roleName,
    state,
    reason: state === "active" ? null : apiKeyStateReasons[state],
    createdBy: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** The key's maker as they are now (whether the key still works depends on them). */
const makerOf = (found: KeyWithMaker) =>
  keyMakerOf(found.key.createdBy ? { role: found.makerRole, suspendedAt: found.makerSuspendedAt } : null);

/**
 * Every key, newest first, each saying why it no longer works if it does not, and the roles the
 * caller may make a new key of (all but the owner's, within the caller's permissions).
 */
export async function listApiKeys(db: Database, actor: SessionUser): Promise<ApiKeyList> {
  const [rows, names, givable] = await Promise.all([
    keysWithMakersNewestFirst(db),
    roleNames(db),
    rolesGivableBy(db, actor, { admin: true }),
  ]);
  const now = new Date();
  const roles = givable.map(({ key, name }) => ({ key, name }));
  return { keys: rows.map((found) => toApiKey(found.key, names, makerOf(found), now)), roles };
}

/**
 * Makes a key for a role (never the owner's: ownership is a person's) within the maker's own
 * permissions, and answers it with the key itself, this once; only its hash is stored. The key
 * then acts with the role's permissions that its maker still holds (auth/api-keys.ts).
 */
export async function createApiKey(db: Database, actor: SessionUser, body: Created): Promise<CreatedApiKey> {
  if (body.role === "owner") {
    throw new AppError("bad_request", apiKeyMessages.ownerRole, { role: apiKeyMessages.ownerRole });
  }
  const role = await findRole(db, body.role);
  if (!role)
    throw new AppError("bad_request", apiKeyMessages.unknownRole, { role: apiKeyMessages.unknownRole });
  if (!holdsAll(actor, role.permissions)) {
    throw new AppError("forbidden", apiKeyMessages.notHeld, { role: apiKeyMessages.notHeld });
  }
  const now = new Date();
  const expiresAt = body.expiresAt ?? null;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) {
    throw new AppError("bad_request", `Invalid expiresAt: ${apiKeyMessages.pastExpiry}`, {
      expiresAt: apiKeyMessages.pastExpiry,
    });
  }
  const { key, keyHash, prefix } = newApiKey();
  return db.transaction(async (tx) => {
    const row = await storeApiKey(tx, {
      name: body.name,
      prefix,
      keyHash,
      role: role.key,
      createdBy: accountIdOf(actor),
      createdByName: actor.name.trim() || actor.email,
      createdAt: now,
      expiresAt,
    });
    await recordAudit(tx, {
      actor: auditActorOf(actor),
      action: "api_key.created",
      subject: { type: "api_key", id: row.id, label: row.name },
      after: { name: row.name, prefix, role: role.key, expiresAt },
    });
    return { ...toApiKey(row, new Map([[role.key, role.name]]), "member", now), key };
  });
}

/** Revokes a key: from now on every call with it is refused (401). */
export async function revokeApiKey(db: Database, actor: SessionUser, id: string): Promise<ApiKey> {
  if (!isId(id)) throw notFound("The key");
  const row = await db.transaction(async (tx) => {
    const before = await keyForUpdate(tx, id);
    if (!before) throw notFound("The key");
    if (before.revokedAt) throw new AppError("conflict", apiKeyMessages.alreadyRevoked);
    const after = await markApiKeyRevoked(tx, id, accountIdOf(actor));
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
  const found = await keyWithMakerById(db, row.id);
  return toApiKey(row, await roleNames(db), found ? makerOf(found) : "deleted", new Date());
}
