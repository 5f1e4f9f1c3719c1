import { createHash, randomBytes } from "node:crypto";
import {
  type ApiKeyState,
  apiKeyMessages,
  apiKeyPrefix,
  builtInRoles,
  isBuiltInRole,
} from "@agency/contract";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Database } from "../db/client.js";
import { apiKeys, teamRoles, user } from "../db/schema.js";
import { AppError } from "../errors.js";
import type { SessionUser } from "./session-user.js";

/**
 * API keys as credentials: how a key is made, recognised in a request, and turned into a caller.
 * A key is "ak_live_" and 32 random bytes (base64url); the shop keeps only its SHA-256, so a key
 * with that much randomness needs no slow hash, and a call's key is found by one lookup of the
 * unique hash. The lookup compares hashes, never the key, so its timing tells nothing about keys.
 */
const keyBytes = 32;
const keyPattern = new RegExp(`^${apiKeyPrefix}[A-Za-z0-9_-]{43}$`);
/** How much of a key the list shows: the prefix and 4 characters of the random part. */
const shownLength = apiKeyPrefix.length + 4;
/** Last-used is written at most this often per key (a write on every call would cost more than the call). */
const lastUsedEveryMs = 60_000;

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** A new key, its hash to store, and its first characters to show. */
export function newApiKey(): { key: string; keyHash: string; prefix: string } {
  const key = `${apiKeyPrefix}${randomBytes(keyBytes).toString("base64url")}`;
  return { key, keyHash: hashApiKey(key), prefix: key.slice(0, shownLength) };
}

/**
 * Stores a new key (its hash only) and answers its row. The API keys page decides who may make
 * which key; auth owns the table, since every call with a key reads it.
 */
export async function storeApiKey(db: Database, values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  if (!row) throw new Error("The key was not written.");
  return row;
}

/** Marks a key revoked by a member, and answers its row (none for a key that is gone). */
export async function markApiKeyRevoked(
  db: Database,
  id: string,
  revokedBy: string | null,
): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date(), revokedBy })
    .where(eq(apiKeys.id, id))
    .returning();
  return row;
}

/**
 * What a request's Authorization header says about an API key: nothing (no header, or a session's
 * bearer token), a key, or "malformed" (something that looks like a key but is not sent as
 * `Bearer <key>` or is not a whole key). Read on every request that needs a caller: no allocation
 * beyond the header's split.
 */
export function apiKeyOf(request: FastifyRequest): string | "malformed" | undefined {
  const header = request.headers.authorization?.trim();
  if (!header?.includes("ak_")) return undefined;
  const space = header.search(/\s/);
  const scheme = space === -1 ? "" : header.slice(0, space);
  const credential = space === -1 ? header : header.slice(space).trim();
  if (!credential.startsWith("ak_")) return undefined;
  return scheme.toLowerCase() === "bearer" && keyPattern.test(credential) ? credential : "malformed";
}

/**
 * Whether the member who made a key could still use it: a key acts for its maker, so it stops
 * when they are removed from the team, suspended, or their account is deleted (created_by null).
 */
export type KeyMaker = "member" | "removed" | "suspended" | "deleted";

export function keyMakerOf(maker: { role: string | null; suspendedAt: Date | null } | null): KeyMaker {
  if (!maker) return "deleted";
  if (!maker.role) return "removed";
  return maker.suspendedAt ? "suspended" : "member";
}

/** A key as the check needs it: its caller, and what may stop it from working. */
export type ApiKeyRecord = {
  caller: SessionUser;
  revokedAt: Date | null;
  expiresAt: Date | null;
  /** False once a custom role the key holds was deleted (or for a role no key may hold). */
  roleExists: boolean;
  maker: KeyMaker;
};

/** The key's role's permissions that its maker holds now: what a call with the key may do. */
function keyPermissions(
  role: string,
  customPermissions: readonly string[] | null,
  maker: { role: string | null; permissions: string | null },
): string {
  const ofRole = isBuiltInRole(role) ? builtInRoles[role].permissions : (customPermissions ?? []);
  // As auth/permissions.ts reads a member's role (not imported: it reads the session, which reads keys).
  const held: readonly string[] = !maker.role
    ? []
    : isBuiltInRole(maker.role)
      ? builtInRoles[maker.role].permissions
      : (maker.permissions ?? "").split(",");
  return ofRole.filter((permission) => held.includes(permission)).join(",");
}

/**
 * The key's record by its hash, with its role's permissions and its maker as they are now (one
 * query, by the unique hash), or null for a key the shop never made. A key in use has its last-used
 * time written when the one stored is a minute old or more: the caller caches records for a few
 * seconds (emptied by every change of a role, a member or a key), so this writes at most once a
 * minute per key, on every instance together.
 */
export async function loadApiKey(db: Database, keyHash: string): Promise<ApiKeyRecord | null> {
  const [row] = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      role: apiKeys.role,
      createdAt: apiKeys.createdAt,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      createdBy: apiKeys.createdBy,
      customRole: teamRoles.id,
      customPermissions: teamRoles.permissions,
      makerRole: user.role,
      makerPermissions: user.permissions,
      makerSuspendedAt: user.suspendedAt,
    })
    .from(apiKeys)
    .leftJoin(teamRoles, sql`${teamRoles.id}::text = ${apiKeys.role}`)
    .leftJoin(user, eq(user.id, apiKeys.createdBy))
    .where(eq(apiKeys.keyHash, keyHash));
  if (!row) return null;
  const builtIn = isBuiltInRole(row.role) && row.role !== "owner";
  const maker = row.createdBy ? { role: row.makerRole, permissions: row.makerPermissions } : null;
  const record: ApiKeyRecord = {
    caller: {
      id: `apikey:${row.id}`,
      email: "",
      name: `API key ${row.name}`,
      image: null,
      role: row.role,
      permissions: maker ? keyPermissions(row.role, row.customPermissions, maker) : "",
      emailVerified: false,
      createdAt: row.createdAt,
      lastLoginAt: null,
      apiKey: { id: row.id, name: row.name, madeBy: row.createdBy },
    },
    revokedAt: row.revokedAt,
    expiresAt: row.expiresAt,
    roleExists: builtIn || row.customRole !== null,
    maker: keyMakerOf(maker && { role: row.makerRole, suspendedAt: row.makerSuspendedAt }),
  };
  const now = new Date();
  const due = !row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= lastUsedEveryMs;
  if (due && refusalOf(record, now) === undefined) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiKeys.id, row.id),
          or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - lastUsedEveryMs))),
        ),
      );
  }
  return record;
}

/** What a key is now: the API keys page shows it, and a call is refused unless it is "active". */
export function keyState(
  key: Pick<ApiKeyRecord, "revokedAt" | "expiresAt" | "roleExists" | "maker">,
  now: Date,
): ApiKeyState {
  if (key.revokedAt) return "revoked";
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) return "expired";
  if (!key.roleExists) return "role_deleted";
  if (key.maker !== "member") return `maker_${key.maker}`;
  return "active";
}

const refusals: Record<Exclude<ApiKeyState, "active">, string> = {
  revoked: apiKeyMessages.revoked,
  expired: apiKeyMessages.expired,
  role_deleted: apiKeyMessages.roleGone,
  maker_removed: apiKeyMessages.makerRemoved,
  maker_suspended: apiKeyMessages.makerSuspended,
  maker_deleted: apiKeyMessages.makerDeleted,
};

/** Why a key cannot be used now, in the words a caller is told; undefined when it can. */
function refusalOf(record: ApiKeyRecord | null, now: Date): string | undefined {
  if (!record) return apiKeyMessages.unknown;
  const state = keyState(record, now);
  return state === "active" ? undefined : refusals[state];
}

/** The key's caller, or a 401 saying why the key cannot be used. */
export function callerOf(record: ApiKeyRecord | null): SessionUser {
  const refusal = refusalOf(record, new Date());
  if (refusal || !record) throw new AppError("unauthorized", refusal ?? apiKeyMessages.unknown);
  return record.caller;
}
