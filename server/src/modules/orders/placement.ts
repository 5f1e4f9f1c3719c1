import { defaultCurrency } from "@agency/contract";
import type { Database } from "../../db/client.js";
import { createGroupCommit, type GroupCommit } from "../../db/group-commit.js";
import { rowFromJson } from "../../db/row-from-json.js";
import { orderLines, orders } from "../../db/schema.js";
import { emitDomainEvent } from "../../events.js";
import { insertPlacedOrders, placementRefusalFacts } from "./queries/placement.js";

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
  /** The shop's currency now: a code's discount stops at its smallest card charge. */
  currency: string;
};

/**
 * What became of it: placed, or refused because the customer holds the plan already (`held`),
 * the code cannot be used (`code`), or the plan or an add-on left the catalog meanwhile.
 */
export type Placement = { id: string } | { refused: "held" | "code" | "plan" | "addons" };

const keyOf = (order: NewOrder) => `${order.userId}\u0000${order.planId}`;

/**
 * Places several orders of different customer-and-plan pairs in one statement (so one commit),
 * priced from the database as it is then: each order's lines are its plan and the add-ons chosen
 * at their catalog prices, its list price their sum, and a promo code's discount is taken off
 * that sum (never below the smallest card charge). A code with a limit is given to as many orders
 * of the batch as it has uses left, first come first served, and its uses are counted for the
 * orders placed. The order, its lines, its code's use and its confirmation mail commit together.
 * Rows go in in the order of their keys, so two batches written at once take their locks in the
 * same order; each row gets the time it was inserted. Answers each order's id, or null.
 */
async function placeMany(db: Database, batch: readonly NewOrder[]): Promise<(string | null)[]> {
  const sorted = [...batch].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1));
  // One parameter for the whole batch, so the statement reads the same whatever its size.
  const rows = JSON.stringify(
    sorted.map((order, position) => ({
      position,
      user_id: order.userId,
      email: order.email,
      name: order.name,
      plan_id: order.planId,
      phone: order.phone,
      ahead_ms: order.aheadMs,
      now: order.now.toISOString(),
      addon_ids: order.addonIds,
      code: order.promoCode,
    })),
  );
  const withAddons = batch.some((order) => order.addonIds.length > 0);
  const withCodes = batch.some((order) => order.promoCode !== null);
  const inserted = await db.transaction(async (tx) => {
    const written = await insertPlacedOrders(tx, {
      rows,
      withAddons,
      withCodes,
      currency: sorted[0]?.currency ?? defaultCurrency,
    });
    // Each order as it was written, with its lines, goes with the event: what reacts need not
    // read them again.
    if (written.length > 0)
      await emitDomainEvent(tx, "order.created", {
        orders: written.map(({ id, row, lines }) => ({
          id,
          row: rowFromJson(orders, row),
          lines: lines.map((line) => rowFromJson(orderLines, line)),
        })),
      });
    return written;
  });
  const placed = new Map(inserted.map((row) => [`${row.user_id}\u0000${row.plan_id}`, row.id]));
  return batch.map((order) => placed.get(keyOf(order)) ?? null);
}

/**
 * Why an order was not placed, asked only when it was not (the statement that places orders says
 * nothing of those it leaves): its plan or an add-on left the catalog, its code cannot be used
 * now, or else the customer holds the plan already.
 */
async function refusalOf(db: Database, order: NewOrder): Promise<Placement & { refused: unknown }> {
  const row = await placementRefusalFacts(db, order);
  if (!row?.offered) return { refused: "plan" };
  if (row.addons !== order.addonIds.length) return { refused: "addons" };
  if (!row.code) return { refused: "code" };
  return { refused: "held" };
}

/**
 * Places a batch; an order left out is told why. One with a code may have lost only to others of
 * the same batch (its code's last uses went to them, or to an order refused for holding the
 * plan): it is tried again on its own, after the batch committed, so a use left is never withheld.
 */
async function placeBatch(db: Database, batch: readonly NewOrder[]): Promise<Placement[]> {
  const ids = await placeMany(db, batch);
  const placements: Placement[] = [];
  for (const [index, order] of batch.entries()) {
    let id = ids[index] ?? null;
    if (id === null && order.promoCode !== null && batch.length > 1)
      id = (await placeMany(db, [order]))[0] ?? null;
    placements.push(id === null ? await refusalOf(db, order) : { id });
  }
  return placements;
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
      writeOne: async (one) => (await placeBatch(db, [one]))[0] ?? { refused: "held" },
      key: keyOf,
      concurrency: orderBatchConcurrency,
      maxBatch: 200,
    });
    groups.set(db, group);
  }
  return group.write(order);
}
