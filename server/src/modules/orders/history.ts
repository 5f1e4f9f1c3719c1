import { type OrderState, type ParticipantRole, workflowMessages } from "@agency/contract";
import { accountIdOf, isTeamMember, type SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { AppError } from "../../errors.js";
import { emitDomainEvent } from "../../events.js";
import { enqueue } from "../../jobs/queue.js";
import { type AuditActor, recordAudit, teamActorOf } from "../audit/index.js";
import { insertOrderEvent, type OrderEventRow, setOrderStateIfStill } from "./queries/history.js";

/**
 * Who made a change, as the history keeps them (their name then; the id is gone with the account,
 * and an API key has none). `email` is an admin's and `audit` the caller as the audit log names
 * them, for the audit log.
 */
export type Actor = {
  id: string | null;
  name: string;
  role: ParticipantRole;
  email?: string;
  audit?: AuditActor;
};

/** The caller acting for the agency (admin routes) or as the order's customer (customer routes). */
export function actorOf(
  user: SessionUser,
  role: ParticipantRole = isTeamMember(user) ? "admin" : "customer",
): Actor {
  const audit = role === "admin" ? teamActorOf(user) : undefined;
  return { id: accountIdOf(user), name: user.name, role, email: user.email, audit };
}

/** The audit log's view of a history actor: an admin with their e-mail, a customer by id. */
function auditActor(actor: Actor): AuditActor {
  if (actor.audit) return actor.audit;
  if (actor.role === "admin" && actor.id && actor.email) {
    return { type: "admin", id: actor.id, email: actor.email };
  }
  return actor.id ? { type: "customer", id: actor.id } : { type: "system", label: actor.name };
}

/**
 * Moves an order from one state to the next inside the caller's transaction: the state only
 * changes if it still is `from` (two admins clicking at once move it once), the change is written
 * to the history with who and when and to the audit log, and the customer's mail is queued with it.
 */
export async function moveOrder(
  tx: Database,
  input: { orderId: string; from: OrderState | null; to: OrderState; actor: Actor; note?: string | null },
): Promise<OrderEventRow> {
  const { orderId, from, to, actor } = input;
  const moved = await setOrderStateIfStill(tx, orderId, from, to);
  if (moved.length === 0) throw new AppError("conflict", workflowMessages.notAllowed);
  const event = await insertOrderEvent(tx, {
    orderId,
    fromState: from,
    toState: to,
    actorId: actor.id,
    actorName: actor.name,
    actorRole: actor.role,
    note: input.note || null,
  });
  if (!event) throw new Error("The order's history was not written.");
  await enqueue(tx, "mail.order-state", { eventId: event.id });
  await emitDomainEvent(tx, "order.state_changed", { order: { id: orderId }, from, to });
  await recordAudit(tx, {
    actor: auditActor(actor),
    action: "order.state_changed",
    subject: { type: "order", id: orderId, label: `#${moved[0]?.number}` },
    before: { state: from },
    // An admin's note says why (a cancellation, say); a customer's words stay in the history only.
    after: { state: to, ...(input.note && actor.role === "admin" ? { note: input.note } : {}) },
  });
  return event;
}
