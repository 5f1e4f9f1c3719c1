import {
  automationMessages,
  isId,
  type Rule,
  type RuleBody as RuleSchema,
  toMajor,
  toMinor,
} from "@agency/contract";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { automationRules } from "../../db/schema.js";
import { AppError } from "../../errors.js";
import { auditActorOf, recordAudit } from "../audit/index.js";
import { shopMoney } from "../catalog/index.js";
import { allRules, latestRunsOf, type RuleRow, ruleById } from "./queries.js";

// The rules' own records: written, changed, paused and deleted by a member with
// `automations.manage`, each change in the audit log. A rule acts as the member who wrote it.

const notFound = () => new AppError("not_found", automationMessages.notFound);
type Parsed = z.output<typeof RuleSchema>;

async function valuesOf(db: Database, body: Parsed) {
  const { currency } = await shopMoney(db);
  return {
    name: body.name,
    trigger: body.trigger,
    waitDays: body.trigger === "approval_waiting" ? body.waitDays : null,
    planId: body.planId && isId(body.planId) ? body.planId : null,
    companyId: body.companyId && isId(body.companyId) ? body.companyId : null,
    minAmountCents: body.minAmount === null ? null : toMinor(body.minAmount, currency),
    actions: body.actions,
  };
}

/** Every rule with its latest runs. */
export async function listRules(db: Database): Promise<Rule[]> {
  const [rules, { currency }] = await Promise.all([allRules(db), shopMoney(db)]);
  const runs = await latestRunsOf(
    db,
    rules.map((rule) => rule.id),
  );
  return rules.map((rule) => ({
    _id: rule.id,
    name: rule.name,
    trigger: rule.trigger,
    waitDays: rule.waitDays,
    planId: rule.planId,
    companyId: rule.companyId,
    minAmount: rule.minAmountCents === null ? null : toMajor(rule.minAmountCents, currency),
    actions: rule.actions,
    paused: rule.pausedAt !== null,
    runs: runs
      .filter(({ run }) => run.ruleId === rule.id)
      .map(({ run, orderNumber }) => ({
        _id: run.id,
        orderId: run.orderId,
        orderNumber,
        outcome: run.outcome,
        at: run.createdAt.toISOString(),
      })),
  }));
}

const subject = (rule: Pick<RuleRow, "id" | "name">) => ({
  type: "automation" as const,
  id: rule.id,
  label: rule.name,
});

export async function createRule(db: Database, caller: SessionUser, body: Parsed): Promise<Rule[]> {
  await db.transaction(async (tx) => {
    const values = await valuesOf(tx, body);
    const [row] = await tx
      .insert(automationRules)
      .values({ ...values, actorId: caller.apiKey ? (caller.apiKey.madeBy ?? null) : caller.id })
      .returning();
    if (!row) throw new Error("The rule was not written.");
    await recordAudit(tx, {
      actor: auditActorOf(caller),
      action: "automation.created",
      subject: subject(row),
      after: values,
    });
  });
  return listRules(db);
}

export async function updateRule(
  db: Database,
  caller: SessionUser,
  id: string,
  body: Parsed,
): Promise<Rule[]> {
  if (!isId(id)) throw notFound();
  await db.transaction(async (tx) => {
    const current = await ruleById(tx, id, true);
    if (!current) throw notFound();
    const values = await valuesOf(tx, body);
    // Whoever changes a rule makes it act as them from then on.
    await tx
      .update(automationRules)
      .set({ ...values, actorId: caller.apiKey ? current.actorId : caller.id })
      .where(eq(automationRules.id, id));
    await recordAudit(tx, {
      actor: auditActorOf(caller),
      action: "automation.updated",
      subject: subject(current),
      before: { name: current.name, trigger: current.trigger, actions: current.actions },
      after: values,
    });
  });
  return listRules(db);
}

export async function pauseRule(
  db: Database,
  caller: SessionUser,
  id: string,
  paused: boolean,
): Promise<Rule[]> {
  if (!isId(id)) throw notFound();
  await db.transaction(async (tx) => {
    const current = await ruleById(tx, id, true);
    if (!current) throw notFound();
    if ((current.pausedAt !== null) === paused) return;
    await tx
      .update(automationRules)
      .set({ pausedAt: paused ? new Date() : null })
      .where(eq(automationRules.id, id));
    await recordAudit(tx, {
      actor: auditActorOf(caller),
      action: paused ? "automation.paused" : "automation.resumed",
      subject: subject(current),
    });
  });
  return listRules(db);
}

export async function deleteRule(db: Database, caller: SessionUser, id: string): Promise<Rule[]> {
  if (!isId(id)) throw notFound();
  await db.transaction(async (tx) => {
    const current = await ruleById(tx, id, true);
    if (!current) throw notFound();
    await tx.delete(automationRules).where(eq(automationRules.id, id));
    await recordAudit(tx, {
      actor: auditActorOf(caller),
      action: "automation.deleted",
      subject: subject(current),
      before: { name: current.name, trigger: current.trigger },
    });
  });
  return listRules(db);
}
