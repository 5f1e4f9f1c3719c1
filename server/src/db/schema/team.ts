// The agency's team: the owner's own roles and the invitations that bring members in.

import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.js";
import { createdAt, ownedBy, updatedAt } from "./common.js";

/** A role the owner made by ticking permissions (the built-in ones live in code). */
export const teamRoles = pgTable(
  "team_roles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** Permission names (contract `permissions`). */
    permissions: text("permissions").array().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("team_roles_name_lower_unique").on(sql`lower(${table.name})`)],
);

/**
 * An invitation to join the team with a role: the link mailed to `email` carries a token, of which
 * only the hash is kept. Open until accepted, revoked or expired (7 days from the last sending).
 */
export const teamInvitations = pgTable(
  "team_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    /** "admin", "staff" or a custom role's id. */
    role: text("role").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    invitedByName: text("invited_by_name").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: text("accepted_by").references(() => user.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // One open invitation per address.
    uniqueIndex("team_invitations_open_email_unique")
      .on(sql`lower(${table.email})`)
      .where(sql`${table.acceptedAt} is null and ${table.revokedAt} is null`),
    index("team_invitations_created_at_idx").on(table.createdAt),
  ],
);

/** The work mails a member may turn off: customers' messages on their orders, orders given to them. */
export const teamMailTopics = ["order-messages", "order-assigned"] as const;
export type TeamMailTopic = (typeof teamMailTopics)[number];

/** A member who turned one kind of work mail off (a row per member and kind; none: they get it). */
export const teamMailOptOuts = pgTable(
  "team_mail_opt_outs",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    topic: text("topic", { enum: teamMailTopics }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.topic] }),
    check("team_mail_opt_outs_topic_check", sql`${table.topic} in ('order-messages', 'order-assigned')`),
  ],
);

/** Who writes these tables; no other part of the server inserts, updates or deletes them. */
export const teamOwnedBy = ownedBy({ team: [teamRoles, teamInvitations], mail: [teamMailOptOuts] });
