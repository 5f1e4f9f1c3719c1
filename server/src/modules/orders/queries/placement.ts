import { minimumChargeMinor } from "@agency/contract";
import { type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../../db/client.js";
import { firstRowOf, rowsOf } from "../../../db/rows.js";
import { orderLines, orders, planAddons, pricingPlans, promoCodes } from "../../../db/schema.js";
import { enqueueEach } from "../../../jobs/queue.js";
import { discountCentsSql } from "../../billing/index.js";
import { shopCurrencySql } from "../../catalog/index.js";
import { addUsesIn, addUsesOnCodeRows, usableCode, usesOf } from "../../promo/index.js";
import { companyOfPerson } from "./orders.js";

// The statement's parts for add-ons and promo codes, left out of batches that have none: a
// statement with fewer parts is parsed, planned and run sooner.

/** Each order's add-ons at their catalog prices: their sum, and an order missing one is not placed. */
const addonSums = sql`cross join lateral (
      select coalesce(sum(${planAddons.priceCents}), 0)::int as cents, count(*)::int as found
      from ${planAddons} where ${planAddons.planId} = w.plan_id and ${planAddons.id} = any(w.addon_ids)
    ) a
    where a.found = cardinality(w.addon_ids)`;

/** promo_codes as the statement's `code` part holds them (with all their uses), for `usableCode`. */
const lockedCode = alias(promoCodes, "code");

/** The columns of a code the statement reads, its uses counted in full. */
const codeColumns = sql`${promoCodes.id}, ${promoCodes.code}, ${promoCodes.kind}, ${promoCodes.value},
    ${promoCodes.validFrom}, ${promoCodes.validTo}, ${promoCodes.maxUses}, ${promoCodes.planId},
    ${promoCodes.disabled}`;

/**
 * The codes entered, and each order's turn among its code's orders where the code may be used for
 * the order's plan at its time. A code with a limit is locked for the statement, so concurrent
 * statements count its uses in turn, each reading the uses the one before left; a code without
 * one is read as it is and its uses are added in this connection's slots, so orders with it are
 * placed side by side and wait for nobody. (Orders placed while a code had no limit count, even
 * those that commit just after the owner set one.)
 */
const codeClaims = sql`entered as (
    select upper(code) as code from wanted where code is not null
  ),
  limited as (
    select ${codeColumns}, ${usesOf()} as uses from ${promoCodes}
    where upper(${promoCodes.code}) in (select code from entered) and ${promoCodes.maxUses} is not null
    order by ${promoCodes.id}
    for update
  ),
  code as (
    select * from limited
    union all
    select ${codeColumns}, 0 as uses from ${promoCodes}
    where upper(${promoCodes.code}) in (select code from entered) and ${promoCodes.maxUses} is null
  ),
  claim as (
    select pr.position, code.id as code_id, code.code, code.kind, code.value, code.uses, code.max_uses,
      row_number() over (partition by code.id order by pr.position)::int as nth
    from priced pr join code on ${usableCode(sql`pr.code`, sql`pr.plan_id`, sql`pr.now`, lockedCode, lockedCode.uses)}
  ),`;

/** An order with a code is placed only while its code has a use left for it. */
const codeFilter = sql`left join claim cl on cl.position = pr.position
    where pr.code is null or (cl.code_id is not null and (cl.max_uses is null or cl.uses + cl.nth <= cl.max_uses))`;

/** The uses of the orders placed: on a limited code's row (locked already), else in slots. */
const countUses = sql`used as (
    select p.promo_code_id, count(*)::int as count, code.max_uses is not null as limited
    from placed p join code on code.id = p.promo_code_id
    group by p.promo_code_id, code.max_uses
  ),
  counted as (${addUsesOnCodeRows(sql`select promo_code_id, count from used where limited`)}),
  slotted as (${addUsesIn(sql`select promo_code_id, count from used where not limited`)}),`;

/** The add-on lines, after the plan's, in the plan's order of its add-ons. */
const addonLines = sql`union all
    select p.id, (row_number() over (partition by p.id order by a.position, a.created_at))::int, 'addon',
      a.name, 1, a.price_cents, a.price_cents, a.recurring, a.id
    from placed p
    join wanted w on w.user_id = p.user_id and w.plan_id = p.plan_id
    join ${planAddons} a on a.plan_id = p.plan_id and a.id = any(w.addon_ids)`;

/** An order the statement below placed: as written (`to_jsonb`), with its lines. */
export type PlacedRow = {
  id: string;
  user_id: string;
  plan_id: string;
  row: Record<string, unknown>;
  lines: Record<string, unknown>[];
};

/**
 * A batch of orders for the placement statement: `rows` is the one JSON parameter of them all,
 * in the order of their keys; `withAddons` and `withCodes` say whether any chose add-ons or
 * entered a code; `currency` is the shop's, whose smallest card charge a discount stops at.
 */
export type PlacementBatch = { rows: string; withAddons: boolean; withCodes: boolean; currency: string };

/**
 * Places the batch's orders in one statement, with their lines, their codes' uses and their
 * confirmation mails; answers each order placed as written, with its lines. Named: PostgreSQL
 * plans this long statement once per connection, not for every batch.
 */
export function insertPlacedOrders(
  tx: Database,
  { rows, withAddons, withCodes, currency }: PlacementBatch,
): Promise<PlacedRow[]> {
  const none = sql``;
  const discount: SQL = withCodes
    ? discountCentsSql(sql`pr.list_cents`, sql`cl.kind`, sql`cl.value`, minimumChargeMinor(currency))
    : sql`0`;
  return rowsOf<PlacedRow>(
    tx,
    sql`
    with wanted as (
      select * from jsonb_to_recordset(${rows}::jsonb) as w(position int, user_id text, email text, name text,
        plan_id uuid, phone text, ahead_ms bigint, now timestamptz, addon_ids uuid[], code text)
    ),
    priced as (
      select w.*, p.service, p.duration, p.new_price_cents ${withAddons ? sql`+ a.cents` : none} as list_cents
      from wanted w
      join ${pricingPlans} p on p.id = w.plan_id and p.archived_at is null
      ${withAddons ? addonSums : none}
    ),
    ${withCodes ? codeClaims : none}
    placed as (
      insert into ${orders} (user_id, company_id, plan_id, email, name, service, service_duration, price_cents,
        list_price_cents, discount_cents, promo_code_id, promo_code, currency, phone, created_at)
      select pr.user_id, ${companyOfPerson(sql`pr.user_id`)}, pr.plan_id, pr.email, pr.name, pr.service, pr.duration, pr.list_cents - ${discount},
        pr.list_cents, ${discount}, ${withCodes ? sql`cl.code_id, cl.code` : sql`null::uuid, null`}, ${shopCurrencySql}, pr.phone,
        clock_timestamp() + pr.ahead_ms * interval '1 millisecond'
      from priced pr
      ${withCodes ? codeFilter : none}
      order by pr.position
      on conflict (user_id, plan_id) where ended_at is null do nothing
      returning *
    ),
    ${withCodes ? countUses : none}
    lined as (
      insert into ${orderLines} (order_id, position, kind, description, quantity, unit_cents, amount_cents, recurring, addon_id)
      select p.id, 0, 'plan', pp.service || ' plan (' || pp.duration || ')', 1, pp.new_price_cents,
        pp.new_price_cents, pp.duration in ('monthly', 'yearly'), null::uuid
      from placed p join ${pricingPlans} pp on pp.id = p.plan_id
      ${withAddons ? addonLines : none}
      returning *
    ),
    mailed as (${enqueueEach("mail.order-placed", "placed", sql`jsonb_build_object('orderId', id)`)})
    select p.id, p.user_id, p.plan_id, to_jsonb(p) as "row", l.lines
    from placed p
    join (select order_id, jsonb_agg(to_jsonb(lined) order by position) as lines from lined group by order_id) l
      on l.order_id = p.id`,
    { named: true },
  );
}

/**
 * Whether the order's plan is still offered, how many of its add-ons are, and whether its code
 * can be used now (true without one).
 */
export function placementRefusalFacts(
  db: Database,
  {
    planId,
    addonIds,
    promoCode,
    now,
  }: { planId: string; addonIds: readonly string[]; promoCode: string | null; now: Date },
): Promise<{ offered: boolean; addons: number; code: boolean } | undefined> {
  return firstRowOf<{ offered: boolean; addons: number; code: boolean }>(
    db,
    sql`
    select
      exists (select from ${pricingPlans} where id = ${planId} and archived_at is null) as offered,
      (select count(*)::int from ${planAddons} where ${planAddons.planId} = ${planId}
        and ${planAddons.id} in (select jsonb_array_elements_text(${JSON.stringify(addonIds)}::jsonb)::uuid)
      ) as addons,
      ${promoCode === null ? sql`true` : sql`exists (select from ${promoCodes} where ${usableCode(promoCode, planId, now)})`} as code`,
  );
}
