// A company Admin's invitations of colleagues (kept apart from companies.ts, which the accounts'
// schema imports: this one refers to the accounts).

import { sql } from "drizzle-orm";
import { pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.js";
import { createdAt, ownedBy, updatedAt } from "./common.js";
import { clientRoles, companies } from "./companies.js";

/** A company Admin's invitation of a colleague: one use, for 7 days, only the token's hash kept. */
export const companyInvitations = pgTable(
  "company_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** The client role offered. */
    role: text("role", { enum: clientRoles }).notNull(),
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
    // One open invitation per company and address.
    uniqueIndex("company_invitations_open_email_unique")
      .on(table.companyId, sql`lower(${table.email})`)
      .where(sql`${table.acceptedAt} is null and ${table.revokedAt} is null`),
  ],
);

export const companyInvitationsOwnedBy = ownedBy({ companies: [companyInvitations] });
