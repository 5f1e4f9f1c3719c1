import type { Database } from "../db/client.js";
import { followersOfOrder, type OrderFollower } from "../db/order-followers.js";
import type { OutgoingMail } from "./layout.js";

/**
 * One mail to each of the order's followers (db/order-followers.ts): the work's news to all of
 * them; with `money`, payments, receipts and renewals to those whose client role sees the money.
 */
export async function followerMails(
  db: Database,
  orderId: string,
  { money }: { money: boolean },
  mail: (to: string, follower: OrderFollower) => OutgoingMail,
): Promise<OutgoingMail[]> {
  const followers = await followersOfOrder(db, orderId);
  return followers
    .filter((follower) => !money || follower.seesMoney)
    .map((follower) => mail(follower.email, follower));
}
