import type { RuleAction, RuleTrigger } from "@agency/contract";
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.js";
import { createdAt, ownedBy, updatedAt } from "./common.js";
import { orders } from "./orders.js";

/** A rule: when its event happens to an order that meets its conditions, its actions run. */
export const automationRules = pgTable(
  "automation_rules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    trigger: text("trigger").$type<RuleTrigger>().notNull(),
    waitDays: integer("wait_days"),
    planId: uuid("plan_id"),
    companyId: uuid("company_id"),
    minAmountCents: integer("min_amount_cents"),
    actions: jsonb("actions").$type<RuleAction[]>().notNull(),
    pausedAt: timestamp("paused_at", { withTimezone: true }),
    /** The member the rule acts as (its author): its actions have that member's permissions. */
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    /** How many orders its round-robin has given out: the next goes to the member after. */
    roundRobin: integer("round_robin").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("automation_rules_trigger_idx").on(table.trigger).where(sql`${table.pausedAt} is null`)],
);

/** Each time a rule ran, once per event: the unique key makes a repeated job change nothing. */
export const automationRuns = pgTable(
  "automation_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ruleId: uuid("rule_id")
      .notNull()
      .references(() => automationRules.id, { onDelete: "cascade" }),
    eventKey: text("event_key").notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    outcome: text("outcome").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("automation_runs_event_unique").on(table.ruleId, table.eventKey),
    index("automation_runs_rule_created_idx").on(table.ruleId, table.createdAt),
  ],
);

export const automationsOwnedBy = ownedBy({ automations: [automationRules, automationRuns] });
