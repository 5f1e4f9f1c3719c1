import {
  adminTransitions,
  type ChangeOrderStateBody,
  type ClientAbility,
  companyMessages,
  type OrderDetail,
  type OrderHistoryEntry,
  workflowMessages,
} from "@agency/contract";
import {
  clientMayDo,
  findOrder,
  findVisibleOrder,
  isOrderClient,
  type OrderRow,
  sightOf,
} from "../../auth/order-access.js";
import { isTeamMember, type SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { AppError, notFound } from "../../errors.js";
import { paymentsOfOrder } from "../billing/index.js";
import { attachFiles, filesAttachedTo } from "../files/index.js";
import {
  actorOf,
  moveOrder,
  openWaitingPeriod,
  ordersForTeam,
  ordersWithSubscriptions,
  periodsOfOrder,
  seenWith,
} from "../orders/index.js";
import { briefOfOrder } from "./brief-questions.js";
import { eventsOfOrderOldestFirst } from "./queries.js";

async function historyOf(db: Database, orderId: string): Promise<OrderHistoryEntry[]> {
  const events = await eventsOfOrderOldestFirst(db, orderId);
  const filesByEvent = await filesAttachedTo(
    db,
    "eventId",
    events.map((event) => event.id),
  );
  return events.map((event) => ({
    from: event.fromState,
    state: event.toState,
    at: event.createdAt.toISOString(),
    by: { name: event.actorName, role: event.actorRole },
    note: event.note,
    files: filesByEvent.get(event.id) ?? [],
    period: event.period,
  }));
}

/**
 * An order with its history, brief, payments, refunds and work periods, as `viewer` may see it
 * (see `seenWith`): its customer sees all of it; the team also sees who does the work and by when,
 * and the money and the customer's contact only as their role allows.
 */
export async function orderDetail(db: Database, row: OrderRow, viewer: SessionUser): Promise<OrderDetail> {
  const sight = sightOf(viewer, row);
  const [[order], history, brief, money, periods] = await Promise.all([
    isTeamMember(viewer)
      ? ordersForTeam(db, [row], { lines: true })
      : ordersWithSubscriptions(db, [row], { lines: true }),
    historyOf(db, row.id),
    row.paid ? briefOfOrder(db, row) : null,
    sight.money ? paymentsOfOrder(db, row.id, row.currency) : undefined,
    periodsOfOrder(db, row),
  ]);
  if (!order) throw notFound("The order");
  return seenWith(
    { ...order, history, brief, payments: money?.payments, refunds: money?.refunds, periods },
    sight,
  );
}

/**
 * The caller's own paid order (their company's), for the customer's moves; an admin acts through
 * the admin calls. With `ability`, a person of a company whose client role may not do it is
 * refused (403): approving and asking for changes are for Approvers and Admins.
 */
export async function findOwnPaidOrder(
  db: Database,
  caller: SessionUser,
  id: string,
  ability?: ClientAbility,
): Promise<OrderRow> {
  const row = await findVisibleOrder(db, caller, id);
  if (!isOrderClient(caller, row)) throw notFound("The order");
  if (ability && !clientMayDo(caller, ability))
    throw new AppError("forbidden", companyMessages.roleMayNot(ability));
  if (!row.paid || !row.state) throw new AppError("conflict", workflowMessages.notPaid);
  return row;
}

/** Admin: the next step of the work (see `adminTransitions`); a delivery carries its files. */
export async function changeOrderState(
  db: Database,
  caller: SessionUser,
  id: string,
  body: ChangeOrderStateBody,
): Promise<OrderDetail> {
  const row = await findOrder(db, id, caller);
  if (!row.state) throw new AppError("conflict", workflowMessages.notPaid);
  if (!adminTransitions[row.state].includes(body.state)) {
    throw new AppError("conflict", workflowMessages.notAllowed);
  }
  const fileIds = body.fileIds ?? [];
  if (fileIds.length > 0 && body.state !== "delivered") {
    throw new AppError("bad_request", "Files go with a delivery.", { fileIds: "only with delivered" });
  }
  await db.transaction(async (tx) => {
    const event = await moveOrder(tx, {
      orderId: row.id,
      from: row.state,
      to: body.state,
      actor: actorOf(caller, "admin"),
      note: body.note,
    });
    await attachFiles(tx, { orderId: row.id, uploaderId: caller.id, fileIds, eventId: event.id });
  });
  return orderDetail(db, await findOrder(db, row.id), caller);
}

/**
 * Customer: approve the delivery (delivered → complete). A renewal paid while this work was under
 * way opens its period now, in the same transaction (the order is "submitted" again).
 */
export async function approveDelivery(db: Database, caller: SessionUser, id: string): Promise<OrderDetail> {
  const row = await findOwnPaidOrder(db, caller, id, "approve");
  if (row.state !== "delivered") throw new AppError("conflict", workflowMessages.notDelivered);
  await db.transaction(async (tx) => {
    await moveOrder(tx, {
      orderId: row.id,
      from: "delivered",
      to: "complete",
      actor: actorOf(caller, "customer"),
    });
    await openWaitingPeriod(tx, row);
  });
  return orderDetail(db, await findOrder(db, row.id), caller);
}

/** Customer: send the delivery back with what to change (delivered → in progress). */
export async function requestChanges(
  db: Database,
  caller: SessionUser,
  id: string,
  note: string,
): Promise<OrderDetail> {
  const row = await findOwnPaidOrder(db, caller, id, "approve");
  if (row.state !== "delivered") throw new AppError("conflict", workflowMessages.notDelivered);
  await db.transaction((tx) =>
    moveOrder(tx, {
      orderId: row.id,
      from: "delivered",
      to: "in_progress",
      actor: actorOf(caller, "customer"),
      note,
    }),
  );
  return orderDetail(db, await findOrder(db, row.id), caller);
}
