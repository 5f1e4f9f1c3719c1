import { z } from "zod";
import { DueAt } from "./orders.js";

/**
 * API keys: another system calls the team's routes with `Authorization: Bearer <key>`, acting with
 * the permissions of the key's role (built in or custom, as that role is now). A key is shown once,
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
  teamRoutesOnly:
    "An API key can call the team's routes only. Customer and account calls need a person signed in.",
  peopleOnly: "This needs a person signed in to the dashboard: an API key cannot do it.",
};

/** What a key is now: usable, past its expiry, revoked, or without a role (its role was deleted). */
export const apiKeyStates = ["active", "expired", "revoked", "role_deleted"] as const;
export type ApiKeyState = (typeof apiKeyStates)[number];

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
