import { assignmentMessages, formatOrderNumber, type TeamAssignee } from "@agency/contract";
import { findOrder, type OrderRow } from "../../auth/order-access.js";
import { can } from "../../auth/permissions.js";
import type { SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { AppError, notFound } from "../../errors.js";
import { emitDomainEvent } from "../../events.js";
import { enqueue } from "../../jobs/queue.js";
import { auditActorOf, recordAudit } from "../audit/index.js";
import { type ActiveMember, activeMembersByName, activeMemberWithId } from "./queries/members.js";
import { dueAndStateOfOrder, orderRowLocked, setOrderAssignee, setOrderDueAt } from "./queries/orders.js";

/**
 * Who does an order's work and by when. An order goes to an active member of the team (not
 * suspended) whose role works on orders; they are mailed, and each change is in the audit log.
 */

/** The members an order may be given to, by name. */
export async function listAssignees(db: Database): Promise<TeamAssignee[]> {
  return assigneesAmong(await activeMembersByName(db));
}

/** Those of the active members (`activeMembersByName`, `activeMembersAsOf`) an order may be given to. */
export function assigneesAmong(members: readonly ActiveMember[]): TeamAssignee[] {
  return members
    .filter((member) => can(member, "orders.work"))
    .map(({ id, name, email }) => ({ id, name, email }));
}

async function assignableMember(db: Database, id: string): Promise<{ id: string; name: string }> {
  const member = await activeMemberWithId(db, id);
  if (!member || !can(member, "orders.work")) {
    throw new AppError("bad_request", assignmentMessages.notAssignable, {
      assigneeId: "must be an active team member whose role works on orders",
    });
  }
  return { id: member.id, name: member.name };
}

const orderSubject = (row: Pick<OrderRow, "id" | "number">) => ({
  type: "order" as const,
  id: row.id,
  label: formatOrderNumber(row.number),
});

/**
 * Gives the order to a member (or to nobody, with null). The caller must see the order; the
 * member gets a mail unless they assigned it to themselves, and the change is announced
 * (`order.assigned`). Assigning it to whom it is already
 * assigned changes nothing.
 */
export async function assignOrder(
  db: Database,
  caller: SessionUser,
  orderId: string,
  assigneeId: string | null,
): Promise<OrderRow> {
  const row = await findOrder(db, orderId, caller);
  const assignee = assigneeId ? await assignableMember(db, assigneeId) : null;
  await db.transaction(async (tx) => {
    const current = await orderRowLocked(tx, row.id);
    if (!current) throw notFound("The order");
    if (current.assigneeId === (assignee?.id ?? null)) return;
    await setOrderAssignee(tx, row.id, assignee?.id ?? null);
    if (assignee && assignee.id !== caller.id) {
      await enqueue(tx, "mail.order-assigned", {
        orderId: row.id,
        assigneeId: assignee.id,
        assignedBy: caller.name,
      });
    }
    await recordAudit(tx, {
      actor: auditActorOf(caller),
      action: "order.assigned",
      subject: orderSubject(current),
      // Members by id: the log outlives accounts and keeps no one's name.
      before: { assigneeId: current.assigneeId },
      after: { assigneeId: assignee?.id ?? null },
    });
    await emitDomainEvent(tx, "order.assigned", {
      order: { id: current.id, number: current.number },
      assignee,
      assignedBy: { id: caller.id, name: caller.name },
    });
  });
  return findOrder(db, row.id);
}

/** Sets when the order's work is due (null: no date). The change is in the audit log. */
export async function setOrderDue(
  db: Database,
  caller: SessionUser,
  orderId: string,
  dueAt: Date | null,
): Promise<OrderRow> {
  const row = await findOrder(db, orderId, caller);
  await db.transaction(async (tx) => {
    const current = await orderRowLocked(tx, row.id);
    if (!current) throw notFound("The order");
    if ((current.dueAt?.getTime() ?? null) === (dueAt?.getTime() ?? null)) return;
    await setOrderDueAt(tx, row.id, dueAt);
    if (dueAt) {
      await enqueue(
        tx,
        "order.due-check",
        { orderId: row.id, dueAt: dueAt.toISOString() },
        { key: `order.due-check:${row.id}:${dueAt.getTime()}`, runAt: dueAt },
      );
    }
    await recordAudit(tx, {
      actor: auditActorOf(caller),
      action: "order.due_changed",
      subject: orderSubject(current),
      before: { dueAt: current.dueAt },
      after: { dueAt },
    });
  });
  return findOrder(db, row.id);
}

/**
 * The job queued for an order's due date, run once it has passed: if the order is still due then
 * and its work is not finished, the team is told it is overdue (a changed date queued its own).
 */
export async function checkOrderDue(
  db: Database,
  payload: { orderId: string; dueAt: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await dueAndStateOfOrder(tx, payload.orderId);
    if (!order?.dueAt || order.dueAt.getTime() !== new Date(payload.dueAt).getTime()) return;
    if (order.state === null || order.state === "complete" || order.state === "cancelled") return;
    await emitDomainEvent(tx, "order.overdue", { order: { id: order.id }, dueAt: order.dueAt });
  });
}
