import { type SQL, sql } from "drizzle-orm";
import type { Database } from "./client.js";
import { orderFollows, orders, user } from "./schema.js";

/** `seesMoney`: their client role sees the order's money (Billing, Admin, or someone in no company). */
export type OrderFollower = { id: string; name: string; email: string; seesMoney: boolean };

/**
 * Who gets an order's mails: by default the one who ordered (while still in the order's company)
 * and the company's Admins; a person of the company may follow it too, and any of them may stop
 * following it (docs/decisions/028). An order of no company is followed by the one who ordered
 * only.
 */
export async function followersOfOrder(db: Database, orderId: string): Promise<OrderFollower[]> {
  const choice = (follows: boolean): SQL => sql`exists (
    select 1 from ${orderFollows}
    where ${orderFollows.orderId} = ${orders.id} and ${orderFollows.userId} = ${user.id}
      and ${orderFollows.follows} = ${follows})`;
  const inCompany = sql`${orders.companyId} is not null and ${user.companyId} = ${orders.companyId}`;
  const rows = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      seesMoney: sql<boolean>`${orders.companyId} is null or ${user.companyRole} in ('admin', 'billing')`,
    })
    .from(orders)
    .innerJoin(
      user,
      sql`(${user.id} = ${orders.userId} and (${orders.companyId} is null or ${user.companyId} = ${orders.companyId}))
        or (${inCompany})`,
    )
    .where(
      sql`${orders.id} = ${orderId}
        and (${user.id} = ${orders.userId} or ${user.companyRole} = 'admin' or ${choice(true)})
        and not ${choice(false)}`,
    )
    .orderBy(user.name, user.id);
  return rows;
}
