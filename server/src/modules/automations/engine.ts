import { automationMessages, type RuleAction, type RuleTrigger } from "@agency/contract";
import { eq } from "drizzle-orm";
import type { SessionUser } from "../../auth/session.js";
import type { Clock } from "../../clock.js";
import type { Database } from "../../db/client.js";
import { automationRules, automationRuns } from "../../db/schema.js";
import { AppError } from "../../errors.js";
import { enqueue } from "../../jobs/queue.js";
import { fillTemplateFor, fillTextFor, postMessage } from "../messages/index.js";
import { addCompanyFollowers, assignOrder, setOrderDue } from "../orders/index.js";
import { announce, objectKey } from "../webhooks/index.js";
import {
  activeRulesFor,
  actorRow,
  openLoadOf,
  orderFacts,
  orderOfInvoice,
  type RuleRow,
  ruleById,
} from "./queries.js";

// Rules run through the job queue, once per rule and event (docs/features.md): an event of an
// order enqueues, in its own transaction, one job per rule whose conditions the order meets, keyed
// by rule and event; the job writes the rule's run (unique by rule and event) with its actions, in
// one transaction. A job run again (a retry, or after its worker died and its lease lapsed) finds
// the run written and changes nothing; a failing action rolls the run back and is retried.

type Order = NonNullable<Awaited<ReturnType<typeof orderFacts>>>;

function meetsConditions(rule: RuleRow, order: Order): boolean {
  if (rule.planId && order.planId !== rule.planId) return false;
  if (rule.companyId && order.companyId !== rule.companyId) return false;
  if (rule.minAmountCents !== null && order.priceCents < rule.minAmountCents) return false;
  return true;
}

/**
 * An event happened to an order: each active rule hearing it whose conditions the order meets gets
 * its job (a delivery's approval wait: a check when the wait is over). Runs in the event's transaction.
 */
export async function ruleEvent(
  tx: Database,
  trigger: RuleTrigger,
  orderId: string,
  eventKey: string,
  at: Date,
) {
  const rules = await activeRulesFor(tx, trigger);
  if (rules.length === 0) return;
  const order = await orderFacts(tx, orderId);
  if (!order) return;
  for (const rule of rules.filter((item) => meetsConditions(item, order))) {
    if (trigger === "approval_waiting") {
      const runAt = new Date(at.getTime() + (rule.waitDays ?? 1) * 86_400_000);
      await enqueue(
        tx,
        "automation.approval-check",
        { ruleId: rule.id, orderId, deliveredAt: at.toISOString() },
        { key: `automation:${rule.id}:${eventKey}`, runAt },
      );
    } else {
      await enqueue(
        tx,
        "automation.run",
        { ruleId: rule.id, orderId, eventKey },
        { key: `automation:${rule.id}:${eventKey}` },
      );
    }
  }
}

/** An invoice went overdue: the rules hear it on the order the invoice is for (none: nothing runs). */
export async function invoiceOverdueEvent(tx: Database, invoiceId: string, at: Date) {
  const orderId = await orderOfInvoice(tx, invoiceId);
  if (orderId) await ruleEvent(tx, "invoice_overdue", orderId, `overdue:${invoiceId}`, at);
}

/** The member a rule acts as, with that member's permissions now (nobody grants what they do not hold). */
async function actorOf(tx: Database, rule: RuleRow): Promise<SessionUser> {
  const row = rule.actorId ? await actorRow(tx, rule.actorId) : undefined;
  if (!row?.role || row.suspendedAt)
    throw new AppError("conflict", "The rule's author is no longer in the team.");
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    image: row.image ?? null,
    role: row.role,
    permissions: row.permissions ?? null,
    emailVerified: row.emailVerified,
    createdAt: row.createdAt,
    lastLoginAt: row.lastLoginAt ?? null,
  };
}

/** Whether the rule assigns by the assignments before it (in turn, or to the least loaded). */
const takesTurns = (rule: RuleRow) =>
  rule.actions.some((action) => action.type === "assign" && action.mode !== "member");

/** Who an "assign" action gives the order to: one member, the next in turn, or the least loaded. */
async function assigneeOf(tx: Database, rule: RuleRow, action: Extract<RuleAction, { type: "assign" }>) {
  const members = action.memberIds;
  if (action.mode === "member") return members[0];
  if (action.mode === "round_robin") {
    const next = members[rule.roundRobin % members.length];
    await tx
      .update(automationRules)
      .set({ roundRobin: rule.roundRobin + 1 })
      .where(eq(automationRules.id, rule.id));
    return next;
  }
  const load = new Map((await openLoadOf(tx, members)).map((row) => [row.memberId, row]));
  // Fewest expected hours open; then fewest open orders; then the order the rule lists them in.
  return [...members].sort((a, b) => {
    const left = load.get(a);
    const right = load.get(b);
    return (left?.minutes ?? 0) - (right?.minutes ?? 0) || (left?.open ?? 0) - (right?.open ?? 0);
  })[0];
}

async function act(
  tx: Database,
  clock: Clock,
  rule: RuleRow,
  caller: SessionUser,
  orderId: string,
  action: RuleAction,
) {
  if (action.type === "assign") {
    const memberId = await assigneeOf(tx, rule, action);
    if (!memberId) throw new AppError("conflict", automationMessages.noMember);
    await assignOrder(tx, caller, orderId, memberId);
    return `assigned to ${(await actorRow(tx, memberId))?.name ?? memberId}`;
  }
  if (action.type === "set_due") {
    const due = new Date(clock.now().getTime() + action.days * 86_400_000);
    await setOrderDue(tx, caller, orderId, due);
    return `due ${due.toISOString().slice(0, 10)}`;
  }
  if (action.type === "chat_notice") {
    const text = await fillTextFor(tx, caller, orderId, action.text);
    await announce(tx, "rule.notice", [objectKey.order(orderId)], async () => [{ text, orderId }]);
    return "chat notice sent";
  }
  if (action.type === "add_follower") {
    const added = await addCompanyFollowers(tx, caller, orderId, action.role);
    return `${added} ${action.role} ${added === 1 ? "person follows" : "people follow"}`;
  }
  const { text } = await fillTemplateFor(tx, caller, orderId, action.templateId);
  await postMessage(tx, clock, caller, orderId, { body: text, internal: action.internal, fileIds: [] });
  return action.internal ? "note posted" : "message posted";
}

type Attempt = { attempts: number; maxAttempts: number };

/**
 * The job: the rule's actions on the order, once for this event. A failure rolls the run back and
 * the job is retried; the last attempt's failure is listed among the rule's runs (as its own run,
 * so that a retry an admin asks for later still runs the rule).
 */
export async function runRule(
  db: Database,
  clock: Clock,
  payload: { ruleId: string; orderId: string; eventKey: string },
  attempt?: Attempt,
) {
  try {
    await runOnce(db, clock, payload);
  } catch (error) {
    if (attempt && attempt.attempts >= attempt.maxAttempts) await recordFailure(db, clock, payload, error);
    throw error;
  }
}

async function recordFailure(
  db: Database,
  clock: Clock,
  payload: { ruleId: string; orderId: string; eventKey: string },
  error: unknown,
) {
  const outcome = `failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500);
  const rule = await ruleById(db, payload.ruleId);
  if (!rule) return;
  await db
    .insert(automationRuns)
    .values({ ruleId: rule.id, eventKey: `failed:${payload.eventKey}`, orderId: payload.orderId, outcome })
    .onConflictDoUpdate({
      target: [automationRuns.ruleId, automationRuns.eventKey],
      set: { outcome, createdAt: clock.now() },
    });
}

async function runOnce(
  db: Database,
  clock: Clock,
  payload: { ruleId: string; orderId: string; eventKey: string },
) {
  await db.transaction(async (tx) => {
    // A rule that assigns in turn or to the least loaded runs one order at a time, each seeing the
    // one before assigned; the others run side by side.
    const read = await ruleById(tx, payload.ruleId);
    const rule = read && takesTurns(read) ? await ruleById(tx, read.id, true) : read;
    if (!rule || rule.pausedAt) return;
    const [run] = await tx
      .insert(automationRuns)
      .values({ ruleId: rule.id, eventKey: payload.eventKey, orderId: payload.orderId, outcome: "running" })
      .onConflictDoNothing()
      .returning({ id: automationRuns.id });
    // Run before: nothing more to do.
    if (!run) return;
    const caller = await actorOf(tx, rule);
    const outcomes: string[] = [];
    for (const action of rule.actions)
      outcomes.push(await act(tx, clock, rule, caller, payload.orderId, action));
    await tx
      .update(automationRuns)
      .set({ outcome: outcomes.join("; ") })
      .where(eq(automationRuns.id, run.id));
  });
}

/** The approval wait is over: the rule runs if the delivery still waits for its answer. */
export async function checkApprovalWait(
  db: Database,
  clock: Clock,
  payload: { ruleId: string; orderId: string; deliveredAt: string },
  attempt?: Attempt,
) {
  const order = await orderFacts(db, payload.orderId);
  if (order?.state !== "delivered") return;
  await runRule(
    db,
    clock,
    {
      ruleId: payload.ruleId,
      orderId: payload.orderId,
      eventKey: `approval:${payload.orderId}:${payload.deliveredAt}`,
    },
    attempt,
  );
}
