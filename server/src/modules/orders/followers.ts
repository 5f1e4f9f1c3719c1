import {
  type ClientRole,
  type FollowOrderBody,
  type OrderFollowers,
  orderFollowerMessages,
} from "@agency/contract";
import { and, eq, sql } from "drizzle-orm";
import { findVisibleOrder, isOrderClient } from "../../auth/order-access.js";
import type { SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { followersOfOrder } from "../../db/order-followers.js";
import { orderFollows, user } from "../../db/schema.js";
import { AppError } from "../../errors.js";

/** Who gets the order's mails, and whether the caller does; to whoever may see the order. */
export async function followersOf(
  db: Database,
  caller: SessionUser,
  orderId: string,
): Promise<OrderFollowers> {
  const order = await findVisibleOrder(db, caller, orderId);
  const followers = await followersOfOrder(db, order.id);
  return {
    following: followers.some((follower) => follower.id === caller.id),
    followers: followers.map(({ id, name }) => ({ id, name })),
  };
}

/** A person of the order's client follows its mails, or stops; the team does not (403). */
export async function setFollowing(
  db: Database,
  caller: SessionUser,
  orderId: string,
  body: FollowOrderBody,
): Promise<OrderFollowers> {
  const order = await findVisibleOrder(db, caller, orderId);
  if (!isOrderClient(caller, order)) throw new AppError("forbidden", orderFollowerMessages.clientsOnly);
  await db
    .insert(orderFollows)
    .values({ orderId: order.id, userId: caller.id, follows: body.follow })
    .onConflictDoUpdate({
      target: [orderFollows.orderId, orderFollows.userId],
      set: { follows: body.follow, updatedAt: sql`now()` },
    });
  return followersOf(db, caller, order.id);
}

/**
 * A rule's action: the people of the order's company with this client role follow its mails (for
 * a caller who may see the order). Answers how many follow it now by it; none for an order of no
 * company.
 */
export async function addCompanyFollowers(
  db: Database,
  caller: SessionUser,
  orderId: string,
  role: ClientRole,
): Promise<number> {
  const order = await findVisibleOrder(db, caller, orderId);
  if (!order.companyId) return 0;
  const people = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.companyId, order.companyId), eq(user.companyRole, role)));
  for (const person of people) {
    await db
      .insert(orderFollows)
      .values({ orderId: order.id, userId: person.id, follows: true })
      .onConflictDoUpdate({
        target: [orderFollows.orderId, orderFollows.userId],
        set: { follows: true, updatedAt: sql`now()` },
      });
  }
  return people.length;
}
