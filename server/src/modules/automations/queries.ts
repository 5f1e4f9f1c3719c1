import type { RuleTrigger } from "@agency/contract";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { readRowCounts } from "../../db/row-counts.js";
import {
  automationRules,
  automationRuns,
  orders,
  pricingPlans,
  salesDocuments,
  user,
} from "../../db/schema.js";

export type RuleRow = typeof automationRules.$inferSelect;

/** The rules that hear `trigger` and are not paused. */
export function activeRulesFor(db: Database, trigger: RuleTrigger): Promise<RuleRow[]> {
  return db
    .select()
    .from(automationRules)
    .where(and(eq(automationRules.trigger, trigger), isNull(automationRules.pausedAt)));
}

export async function ruleById(db: Database, id: string, lock = false): Promise<RuleRow | undefined> {
  const query = db.select().from(automationRules).where(eq(automationRules.id, id));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export function allRules(db: Database): Promise<RuleRow[]> {
  return db.select().from(automationRules).orderBy(automationRules.name).limit(200);
}

/** The latest runs of these rules, newest first (up to `each` per rule). */
export function latestRunsOf(db: Database, ruleIds: string[], each = 5) {
  if (ruleIds.length === 0) return Promise.resolve([]);
  return db
    .select({ run: automationRuns, orderNumber: orders.number })
    .from(automationRuns)
    .leftJoin(orders, eq(orders.id, automationRuns.orderId))
    .where(
      and(
        inArray(automationRuns.ruleId, ruleIds),
        sql`${automationRuns.id} in (select r.id from automation_runs r where r.rule_id = ${automationRuns.ruleId} order by r.created_at desc limit ${each})`,
      ),
    )
    .orderBy(desc(automationRuns.createdAt));
}

/** What a rule's conditions and actions read of an order. */
export async function orderFacts(db: Database, orderId: string) {
  const [row] = await db
    .select({
      id: orders.id,
      planId: orders.planId,
      companyId: orders.companyId,
      priceCents: orders.priceCents,
      state: orders.state,
      paid: orders.paid,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row;
}

/** The order an invoice is for (the one its payment opened, or the one it bills). */
export async function orderOfInvoice(db: Database, invoiceId: string): Promise<string | null> {
  const [row] = await db
    .select({ orderId: salesDocuments.orderId, forOrderId: salesDocuments.forOrderId })
    .from(salesDocuments)
    .where(eq(salesDocuments.id, invoiceId));
  return row?.orderId ?? row?.forOrderId ?? null;
}

/**
 * Each of these members' open orders and the minutes they are expected to take (the plans'
 * expected hours): from the counts the orders' trigger keeps per member and plan (migration 0063),
 * a few rows however many orders there are.
 */
export async function openLoadOf(db: Database, memberIds: string[]) {
  const plans = await db
    .select({ id: pricingPlans.id, minutes: pricingPlans.expectedMinutes })
    .from(pricingPlans);
  const names = memberIds.flatMap((member) => [
    `open:${member}` as const,
    ...plans.map((plan) => `open_plan:${member}:${plan.id}` as const),
  ]);
  const counts = await readRowCounts(db, names);
  return memberIds.map((member) => ({
    memberId: member,
    open: counts[`open:${member}`] ?? 0,
    minutes: plans.reduce(
      (sum, plan) => sum + (counts[`open_plan:${member}:${plan.id}`] ?? 0) * (plan.minutes ?? 0),
      0,
    ),
  }));
}

/** The account a rule acts as. */
export async function actorRow(db: Database, id: string) {
  const [row] = await db.select().from(user).where(eq(user.id, id));
  return row;
}
