import { z } from "zod";
import { DueAt } from "./orders.js";

/**
 * API keys: another system calls the team's routes with `Authorization: Bearer <key>`, acting with
 * the permissions of the key's role (built in or custom, as that role is now) that its maker also
 * holds now. A member makes keys only of roles within their own permissions. A key is shown once,
 * when it is made; the shop keeps only its hash and a short prefix to tell keys apart.
 */

/** Every key starts with this, so a key pasted into the wrong place is recognisable. */
export const apiKeyPrefix = "ak_live_";

export const apiKeyMessages = {
  nameRequired: "Give the key a name.",
  ownerRole: "A key cannot hold the owner's role: choose Admin or another role.",
  unknownRole: "There is no such role.",
  pastExpiry: "must be in the future",
  alreadyRevoked: "This key has already been revoked.",
  // What a call with a key is told when the key cannot be used.
  malformed: "The API key is not valid. Send it as Authorization: Bearer <key>.",
  unknown: "This API key is not valid.",
  revoked: "This API key has been revoked.",
  expired: "This API key has expired.",
  roleGone: "This API key's role no longer exists.",
  makerRemoved: "This API key's maker was removed from the team.",
  makerSuspended: "This API key's maker is suspended.",
  makerDeleted: "This API key's maker no longer has an account.",
  notHeld: "A key can only have permissions you hold yourself: choose a role within yours.",
  teamRoutesOnly:
    "An API key can call the team's routes only. Customer and account calls need a person signed in.",
  peopleOnly: "This needs a person signed in to the dashboard: an API key cannot do it.",
};

/**
 * What a key is now: usable, past its expiry, revoked, without a role (its role was deleted), or
 * without a maker who could still use it (removed from the team, suspended, account deleted). A key
 * acts for its maker: it never does more than they may do now.
 */
export const apiKeyStates = [
  "active",
  "expired",
  "revoked",
  "role_deleted",
  "maker_removed",
  "maker_suspended",
  "maker_deleted",
] as const;
export type ApiKeyState = (typeof apiKeyStates)[number];

/** Why a key no longer works, as the API keys page says it. */
export const apiKeyStateReasons: Record<Exclude<ApiKeyState, "active">, string> = {
  expired: "It has expired",
  revoked: "It was revoked",
  role_deleted: "Its role was deleted",
  maker_removed: "Its maker was removed from the team",
  maker_suspended: "Its maker is suspended",
  maker_deleted: "Its maker's account was deleted",
};

/** A key as the API keys page lists it (never the key itself). */
export const ApiKey = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The first characters of the key ("ak_live_3hQ…"), to tell keys apart. */
    prefix: z.string(),
    /** "admin", "staff" or a custom role's id. */
    role: z.string(),
    /** The role's name now; null once the role was deleted (the key then stops working). */
    roleName: z.string().nullable(),
    state: z.enum(apiKeyStates),
    /** Why the key no longer works (apiKeyStateReasons); null while it is active. */
    reason: z.string().nullable(),
    /** Who made it: their name then. */
    createdBy: z.string(),
    createdAt: z.string(),
    expiresAt: z.string().nullable(),
    /** When a call last used it (written at most once a minute); null when never. */
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: "ApiKey" });
export type ApiKey = z.infer<typeof ApiKey>;

/** A role a key may hold: every role but the owner's. */
export const ApiKeyRole = z.object({ key: z.string(), name: z.string() });
export type ApiKeyRole = z.infer<typeof ApiKeyRole>;

export const ApiKeyList = z.object({ keys: z.array(ApiKey), roles: z.array(ApiKeyRole) });
export type ApiKeyList = z.infer<typeof ApiKeyList>;

/**
 * A new key: its name, its role ("admin", "staff" or a custom role's id) and, if it should stop
 * working on its own, when (an instant, or a day: the end of that day in UTC).
 */
export const CreateApiKeyBody = z.object({
  name: z.string().trim().min(1, apiKeyMessages.nameRequired).max(60),
  role: z.string().min(1, "Choose a role.").max(64),
  expiresAt: DueAt.nullable().optional(),
});
export type CreateApiKeyBody = z.input<typeof CreateApiKeyBody>;

/** The key just made, with the key itself: shown this once, never again. */
export const CreatedApiKey = ApiKey.extend({ key: z.string() }).meta({ id: "CreatedApiKey" });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;
