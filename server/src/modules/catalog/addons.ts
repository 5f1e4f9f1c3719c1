import { addonMessages, type CheckoutPlan, isId, type PlanAddon, toMajor } from "@agency/contract";
import type { Database } from "../../db/client.js";
import { AppError } from "../../errors.js";
import { cachedRead } from "./cache.js";
import { shopMoney } from "./currency.js";
import { type AddonRow, addonsOfPlanInOrder, addonsOfPlansInOrder } from "./queries/addons.js";
import { findOfferedPlanRow, toPricingPlan } from "./service.js";

/** An add-on as the API shows it, its price in `currency` (the shop's: catalog prices are in it). */
export function toPlanAddon(row: AddonRow, currency: string): PlanAddon {
  return {
    _id: row.id,
    name: row.name,
    price: toMajor(row.priceCents, currency),
    recurring: row.recurring,
  };
}

/** A plan's add-ons in their order, from the catalog's cache (every editor write empties it). */
function addonsOfPlan(db: Database, planId: string): Promise<AddonRow[]> {
  // Awaited here: a query builder run again by every `await` of the kept value would read each time.
  return cachedRead(db, "plans", `addons:${planId}`, async () => await addonsOfPlanInOrder(db, planId));
}

/** The add-ons of several plans, by plan id (one query). */
export async function addonsOfPlans(db: Database, planIds: string[]): Promise<Map<string, PlanAddon[]>> {
  const byPlan = new Map<string, PlanAddon[]>(planIds.map((id) => [id, []]));
  if (planIds.length === 0) return byPlan;
  const [rows, { currency }] = await Promise.all([addonsOfPlansInOrder(db, planIds), shopMoney(db)]);
  for (const row of rows) byPlan.get(row.planId)?.push(toPlanAddon(row, currency));
  return byPlan;
}

/** GET /pricing/{id}: a plan on offer and its add-ons, as the checkout lists them. */
export async function getCheckoutPlan(db: Database, id: string): Promise<CheckoutPlan> {
  const [plan, { currency }] = await Promise.all([findOfferedPlanRow(db, id), shopMoney(db)]);
  const addons = await addonsOfPlan(db, plan.id);
  return { ...toPricingPlan(plan, currency), addons: addons.map((addon) => toPlanAddon(addon, currency)) };
}

/**
 * The add-ons a customer ticked, checked against the plan's: the client's ids only choose, the
 * rows (names and prices) are the catalog's. An id that is not one of the plan's add-ons, or one
 * listed twice, is a 400 naming `field`. Answered in the plan's order.
 */
export async function chosenAddons(
  db: Database,
  planId: string,
  ids: readonly string[] | undefined,
  field = "addonIds",
): Promise<AddonRow[]> {
  if (!ids || ids.length === 0) return [];
  const offered = await addonsOfPlan(db, planId);
  const wanted = new Set(ids);
  const chosen = offered.filter((addon) => wanted.has(addon.id));
  if (wanted.size !== ids.length || chosen.length !== ids.length || ids.some((id) => !isId(id))) {
    throw new AppError("bad_request", `${field} ${addonMessages.unknown}`, {
      [field]: addonMessages.unknown,
    });
  }
  return chosen;
}

/**
 * What a plan with these add-ons adds up to, before any discount: the first payment (the plan and
 * every add-on) and each renewal (the plan and the add-ons charged every period).
 */
export function checkoutSums(
  plan: { newPriceCents: number },
  addons: readonly AddonRow[],
): { firstCents: number; renewalCents: number } {
  let firstCents = plan.newPriceCents;
  let renewalCents = plan.newPriceCents;
  for (const addon of addons) {
    firstCents += addon.priceCents;
    if (addon.recurring) renewalCents += addon.priceCents;
  }
  return { firstCents, renewalCents };
}
