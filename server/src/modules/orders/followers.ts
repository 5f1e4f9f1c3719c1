import { type FollowOrderBody, type OrderFollowers, orderFollowerMessages } from "@agency/contract";
import { sql } from "drizzle-orm";
import { findVisibleOrder, isOrderClient } from "../../auth/order-access.js";
import type { SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { followersOfOrder } from "../../db/order-followers.js";
import { orderFollows } from "../../db/schema.js";
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
