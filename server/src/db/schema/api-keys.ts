// API keys: other systems calling the team's routes (docs: the README's "API keys").

import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.js";
import { createdAt, ownedBy } from "./common.js";

/**
 * A key made on the API keys page. The key itself is shown once and never stored: only its
 * SHA-256 (hex), which a call's key is looked up by, and its first characters for the list. The
 * key acts with its role's permissions as they are at the time of the call.
 */
export const apiKeys = pgTable("api_keys", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  /** "ak_live_" and the key's first characters, to tell keys apart on the page. */
  prefix: text("prefix").notNull(),
  keyHash: text("key_hash").notNull().unique(),
  /** "admin", "staff" or a custom role's id (never "owner"). */
  role: text("role").notNull(),
  createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
  createdByName: text("created_by_name").notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp("expires_at", { withTimezone: true }),
  /** Written at most once a minute per key, not on every call. */
  lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
  revokedBy: text("revoked_by").references(() => user.id, { onDelete: "set null" }),
});

/** Who writes these tables; no other part of the server inserts, updates or deletes them. */
export const apiKeysOwnedBy = ownedBy({ auth: [apiKeys] });
