import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { createGroupCommit, type GroupCommit } from "../../db/group-commit.js";
import { orderLines, orders, planAddons, pricingPlans, promoCodes } from "../../db/schema.js";
import { enqueueEach } from "../../jobs/queue.js";
import { discountCentsSql } from "../billing/index.js";
import { usableCode } from "../promo/index.js";

/**
 * One order to place: the caller, the plan and add-ons they chose (already checked against the
 * catalog), the promo code they entered, and billing's clock (`now` dates the code's validity;
 * `aheadMs` is how far it runs ahead of the database's, 0 but in a run whose clock was moved).
 */
export type NewOrder = {
  userId: string;
  email: string;
  name: string;
  planId: string;
  phone: string;
  addonIds: readonly string[];
  promoCode: string | null;
  now: Date;
  aheadMs: number;
};

/**
 * What became of it: placed, or refused because the customer holds the plan already (`held`),
 * the code cannot be used (`code`), or the plan or an add-on left the catalog meanwhile.
 */
export type Placement = { id: string } | { refused: "held" | "code" | "plan" | "addons" };

type Answer = { position: number; id: string | null; refused: "held" | "code" | "plan" | "addons" | null };

const keyOf = (order: NewOrder) => `${order.userId}\u0000${order.planId}`;

/** A Postgres array literal of ids (checked to be ids before they get here). */
const uuidArray = (ids: readonly string[]) => `{${ids.join(",")}}`;

/**
 * Places several orders of different customer-and-plan pairs in one statement (so one commit),
 * priced from the database as it is then: each order's lines are its plan and the add-ons chosen
 * at their catalog prices, its list price their sum, and a promo code's discount is taken off
 * that sum (never below the smallest card charge). Each code's uses are counted for the orders
 * placed with it; its row is locked for the statement, so concurrent statements count in turn,
 * and a code with a limit is given to as many orders of the batch as it has uses left, first come
 * first served. The order, its lines, its code's use and its confirmation mail commit together.
 * Rows go in in the order of their keys, so two batches written at once take their locks in the
 * same order; each row gets the time it was inserted.
 */
async function placeMany(db: Database, batch: readonly NewOrder[]): Promise<Placement[]> {
  const sorted = [...batch].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1));
  const rows = sql.join(
    sorted.map(
      (order, position) =>
        sql`(${position}::int, ${order.userId}::text, ${order.email}::text, ${order.name}::text, ${order.planId}::uuid,
          ${order.phone}::text, ${order.aheadMs}::bigint, ${order.now.toISOString()}::timestamptz,
          ${uuidArray(order.addonIds)}::uuid[], ${order.promoCode}::text)`,
    ),
    sql`, `,
  );
  const result = await db.execute(sql`
    with wanted (position, user_id, email, name, plan_id, phone, ahead_ms, now, addon_ids, code) as (values ${rows}),
    plan as (
      select w.position, p.id as plan_id, p.service, p.duration, p.new_price_cents
      from wanted w join ${pricingPlans} p on p.id = w.plan_id and p.archived_at is null
    ),
    addon as (
      select w.position, a.id, a.name, a.price_cents, a.recurring,
        row_number() over (partition by w.position order by a.position, a.created_at)::int as line
      from wanted w join ${planAddons} a on a.plan_id = w.plan_id and a.id = any(w.addon_ids)
    ),
    priced as (
      select w.*, pl.service, pl.duration, pl.new_price_cents + coalesce(ad.cents, 0) as list_cents
      from wanted w
      join plan pl on pl.position = w.position
      left join (select position, sum(price_cents)::int as cents, count(*)::int as found from addon group by position) ad
        on ad.position = w.position
      where coalesce(ad.found, 0) = cardinality(w.addon_ids)
    ),
    code as (
      select pr.position, ${promoCodes.id} as code_id, ${promoCodes.code} as code, ${promoCodes.kind} as kind,
        ${promoCodes.value} as value, ${promoCodes.uses} as uses, ${promoCodes.maxUses} as max_uses
      from priced pr join ${promoCodes} on ${usableCode(sql`pr.code`, sql`pr.plan_id`, sql`pr.now`)}
      where pr.code is not null
      order by ${promoCodes.id}
      for update of ${promoCodes}
    ),
    claim as (
      select c.*, row_number() over (partition by c.code_id order by c.position)::int as nth from code c
    ),
    eligible as (
      select pr.*, cl.code_id, cl.code as code_text,
        ${discountCentsSql(sql`pr.list_cents`, sql`cl.kind`, sql`cl.value`)} as discount_cents
      from priced pr left join claim cl on cl.position = pr.position
      where pr.code is null or (cl.code_id is not null and (cl.max_uses is null or cl.uses + cl.nth <= cl.max_uses))
    ),
    placed as (
      insert into ${orders} (user_id, plan_id, email, name, service, service_duration, price_cents,
        list_price_cents, discount_cents, promo_code_id, promo_code, phone, created_at)
      select user_id, plan_id, email, name, service, duration, list_cents - discount_cents, list_cents,
        discount_cents, code_id, code_text, phone, clock_timestamp() + ahead_ms * interval '1 millisecond'
      from eligible
      order by position
      on conflict (user_id, plan_id) where ended_at is null do nothing
      returning id, user_id, plan_id, promo_code_id
    ),
    placed_at as (
      select p.id, p.promo_code_id, e.position
      from placed p join eligible e on e.user_id = p.user_id and e.plan_id = p.plan_id
    ),
    counted as (
      update ${promoCodes} set uses = ${promoCodes.uses} + n.count, updated_at = now()
      from (select promo_code_id, count(*)::int as count from placed_at where promo_code_id is not null group by 1) n
      where ${promoCodes.id} = n.promo_code_id
    ),
    lined as (
      insert into ${orderLines} (order_id, position, kind, description, quantity, unit_cents, amount_cents, recurring, addon_id)
      select pa.id, 0, 'plan', pl.service || ' plan (' || pl.duration || ')', 1, pl.new_price_cents,
        pl.new_price_cents, pl.duration in ('monthly', 'yearly'), null::uuid
      from placed_at pa join plan pl on pl.position = pa.position
      union all
      select pa.id, ad.line, 'addon', ad.name, 1, ad.price_cents, ad.price_cents, ad.recurring, ad.id
      from placed_at pa join addon ad on ad.position = pa.position
    ),
    mailed as (${enqueueEach("mail.order-placed", "placed", sql`jsonb_build_object('orderId', id)`)})
    select w.position, pa.id,
      case when pa.id is not null then null
        when not exists (select from plan where plan.position = w.position) then 'plan'
        when not exists (select from priced where priced.position = w.position) then 'addons'
        when not exists (select from eligible where eligible.position = w.position) then 'code'
        else 'held' end as refused
    from wanted w left join placed_at pa on pa.position = w.position`);
  // node-postgres and PGlite both answer with the returned rows in `rows`.
  const answers = new Map(
    (result as unknown as { rows: Answer[] }).rows.map((row) => [Number(row.position), row] as const),
  );
  return batch.map((order): Placement => {
    const answer = answers.get(sorted.indexOf(order));
    if (answer?.id) return { id: answer.id };
    return { refused: answer?.refused ?? "held" };
  });
}

/**
 * A batch's orders refused a code may have lost only to others of the same batch (its last uses
 * went to them, or to an order refused for holding the plan): each is tried again on its own,
 * after the batch committed, so a use left is never withheld.
 */
async function placeBatch(db: Database, batch: readonly NewOrder[]): Promise<Placement[]> {
  const placed = await placeMany(db, batch);
  if (batch.length === 1) return placed;
  for (const [index, placement] of placed.entries()) {
    const order = batch[index];
    if (order && "refused" in placement && placement.refused === "code") {
      placed[index] = (await placeMany(db, [order]))[0] ?? placement;
    }
  }
  return placed;
}

/**
 * Batches of orders written at the same time: while two are being committed, the orders that
 * arrive wait and form the next one.
 */
const orderBatchConcurrency = 2;

const groups = new WeakMap<Database, GroupCommit<NewOrder, Placement>>();

/**
 * Orders sent while others are being committed wait for them and are placed together, one
 * statement and one commit for all (see db/group-commit.ts); each customer is answered once their
 * own order is committed. One group per database.
 */
export function placeOrder(db: Database, order: NewOrder): Promise<Placement> {
  let group = groups.get(db);
  if (!group) {
    group = createGroupCommit({
      writeBatch: (batch) => placeBatch(db, batch),
      writeOne: async (one) => (await placeMany(db, [one]))[0] ?? { refused: "held" },
      key: keyOf,
      concurrency: orderBatchConcurrency,
      maxBatch: 200,
    });
    groups.set(db, group);
  }
  return group.write(order);
}
