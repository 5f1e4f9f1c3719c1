// Accounts: Better Auth's core tables with the admin plugin's fields, and the record of role changes.
// Column names follow Better Auth's defaults. The role column holds the team role ("owner",
// "admin", "staff" or a custom role's id) or null for a customer (SPEC §3 User's "admin" is any
// team role); see docs/decisions/023.

import { relations, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, ownedBy, updatedAt } from "./common.js";
import { clientRoles, companies } from "./companies.js";

export const user = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    role: text("role"),
    /** A custom role's permissions, copied here when the role is given or edited (comma-separated). */
    permissions: text("permissions"),
    /** A suspended member cannot sign in; their work and history stay. */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    banned: boolean("banned").default(false),
    banReason: text("ban_reason"),
    banExpires: timestamp("ban_expires", { withTimezone: true }),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    /** Sign-in asks for a code from an authenticator app (or a backup code) after the password. */
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    /** The client company the customer belongs to (one at most); never set for a member of the team. */
    companyId: uuid("company_id").references((): AnyPgColumn => companies.id, { onDelete: "set null" }),
    /** Their client role in it ("admin", "approver", "billing" or "member"; see contract companies.ts). */
    companyRole: text("company_role", { enum: clientRoles }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Accounts are looked up by address regardless of case (roles, admin status, payment history).
  (table) => [
    index("user_email_lower_idx").on(sql`lower(${table.email})`),
    // The admin list: newest first, a page at a time (keyset on created_at, id).
    index("user_created_at_id_idx").on(table.createdAt, table.id),
    // The admin list's search and role filter (see docs/decisions/017).
    index("user_email_lower_prefix_idx").using("btree", sql`lower(${table.email}) text_pattern_ops`),
    index("user_name_lower_prefix_idx").using("btree", sql`lower(${table.name}) text_pattern_ops`),
    index("user_name_words_idx").using("gin", sql`to_tsvector('simple', ${table.name})`),
    index("user_role_created_at_id_idx").on(table.role, table.createdAt, table.id),
    // A company's people: its page, its Admins (an order's followers), its counts.
    index("user_company_idx")
      .on(table.companyId, table.companyRole)
      .where(sql`${table.companyId} is not null`),
  ],
);

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("session_user_id_idx").on(table.userId),
    index("session_expires_at_idx").on(table.expiresAt),
  ],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("account_user_id_idx").on(table.userId)],
);

// Better Auth reads a session and its user in one query through these (advanced.database.joins).
export const userRelations = relations(user, ({ many }) => ({
  sessions: many(session),
  accounts: many(account),
}));
export const sessionRelations = relations(session, ({ one }) => ({
  user: one(user, { fields: [session.userId], references: [user.id] }),
}));
export const accountRelations = relations(account, ({ one }) => ({
  user: one(user, { fields: [account.userId], references: [user.id] }),
}));

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("verification_identifier_idx").on(table.identifier),
    index("verification_expires_at_idx").on(table.expiresAt),
  ],
);

/**
 * An account's authenticator secret and backup codes, both encrypted with the auth secret (Better
 * Auth's two-factor plugin). `verified` is false between turning it on and the first code.
 */
export const twoFactor = pgTable("two_factor", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  backupCodes: text("backup_codes").notNull(),
  verified: boolean("verified").notNull().default(true),
  /** Wrong codes in a row at sign-in; enough of them close the second step for a while. */
  failedVerificationCount: integer("failed_verification_count").notNull().default(0),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

/** Shared rate-limit counters, so several app instances count together. */
export const rateLimit = pgTable(
  "rate_limit",
  {
    id: text("id").primaryKey(),
    key: text("key").notNull().unique(),
    count: integer("count").notNull(),
    /** Milliseconds since the epoch, as Better Auth stores it. */
    lastRequest: bigint("last_request", { mode: "number" }).notNull(),
  },
  // The daily upkeep removes the counters of addresses long quiet.
  (table) => [index("rate_limit_last_request_idx").on(table.lastRequest)],
);

/** Who changed whose role, and when (grants and revocations, from the dashboard or the CLI). */
export const roleChanges = pgTable(
  "role_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The admin who made the change; null when it came from configuration or the command line. */
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    actorLabel: text("actor_label").notNull(),
    targetId: text("target_id").references(() => user.id, { onDelete: "set null" }),
    targetEmail: text("target_email").notNull(),
    fromRole: text("from_role"),
    toRole: text("to_role"),
    createdAt: createdAt(),
  },
  (table) => [index("role_changes_created_at_idx").on(table.createdAt)],
);

/** Who writes these tables; no other part of the server inserts, updates or deletes them. */
export const authOwnedBy = ownedBy({
  auth: [user, session, account, verification, twoFactor, rateLimit, roleChanges],
});
