import {
  type AddonBody,
  catalogMessages,
  type DeleteResult,
  isId,
  MAX_PLAN_ADDONS,
  type PlanAddon,
  toMajor,
} from "@agency/contract";
import type { Database } from "../../db/client.js";
import { planAddons } from "../../db/schema.js";
import { AppError, notFound } from "../../errors.js";
import { type AuditActor, changedFields, recordAudit } from "../audit/index.js";
import { toPlanAddon } from "./addons.js";
import { reorder } from "./admin.js";
import { planLabel, planSubject } from "./admin-plans.js";
import { catalogChanged } from "./cache.js";
import { minorUnitsOf, shopMoney } from "./currency.js";
import {
  type AddonRow,
  addonByIdForUpdate,
  addonCountOfPlan,
  addonsOfPlanInOrder,
  addonsOfPlanScope,
  deleteAddonRow,
  insertAddonLast,
  planHasAddonNamed,
  planIdOfAddon,
  setAddonColumns,
} from "./queries/addons.js";
import { type PlanRow, planById, planByIdForUpdate } from "./queries/plans.js";

/**
 * The catalog editor's add-ons of a plan: added, edited, reordered and removed. Orders copy an
 * add-on into their lines, so none of these changes what was bought, renewals included.
 */

/** What the audit log keeps of an add-on: its name, its price in dollars and how often it is charged. */
const addonFields = (row: AddonRow, currency: string) => ({
  name: row.name,
  price: toMajor(row.priceCents, currency),
  currency,
  recurring: row.recurring,
});

const addonSubject = (row: AddonRow, plan: PlanRow) => ({
  type: "plan_addon" as const,
  id: row.id,
  label: `${row.name} · ${planLabel(plan)}`,
});

/** The plan, locked for the change: add-ons of one plan are written one change at a time. */
async function lockPlan(tx: Database, planId: string): Promise<PlanRow> {
  const plan = await planByIdForUpdate(tx, planId);
  if (!plan) throw notFound("The pricing plan");
  return plan;
}

/** Two add-ons of a plan are never spelled the same, whatever the case. */
async function refuseTakenName(tx: Database, planId: string, name: string, except?: string) {
  if (await planHasAddonNamed(tx, planId, name, except)) {
    throw new AppError("conflict", catalogMessages.addonNameTaken, { name: catalogMessages.addonNameTaken });
  }
}

const columns = (body: AddonBody, currency: string) => ({
  name: body.name,
  priceCents: minorUnitsOf(body.price, currency, "price"),
  recurring: body.recurring,
});

/** A new add-on goes last in its plan's list; the checkout offers it at once. */
export async function createAddon(
  db: Database,
  actor: AuditActor,
  planId: string,
  body: AddonBody,
): Promise<PlanAddon> {
  if (!isId(planId)) throw notFound("The pricing plan");
  const { currency } = await shopMoney(db);
  const row = await db.transaction(async (tx) => {
    const plan = await lockPlan(tx, planId);
    if ((await addonCountOfPlan(tx, planId)) >= MAX_PLAN_ADDONS)
      throw new AppError("conflict", catalogMessages.tooManyAddons);
    await refuseTakenName(tx, planId, body.name);
    const inserted = await insertAddonLast(tx, planId, columns(body, currency));
    if (!inserted) throw new Error("The add-on was not stored.");
    await recordAudit(tx, {
      actor,
      action: "addon.created",
      subject: addonSubject(inserted, plan),
      after: addonFields(inserted, currency),
    });
    return inserted;
  });
  await catalogChanged(db, "plans");
  return toPlanAddon(row, currency);
}

/** The add-on and its plan, both locked for a change. */
async function lockAddon(tx: Database, id: string): Promise<{ addon: AddonRow; plan: PlanRow }> {
  const planId = await planIdOfAddon(tx, id);
  if (planId === undefined) throw notFound("The add-on");
  const plan = await lockPlan(tx, planId);
  const addon = await addonByIdForUpdate(tx, id);
  if (!addon) throw notFound("The add-on");
  return { addon, plan };
}

/** New orders pay the new price and billing; orders placed before keep theirs. */
export async function updateAddon(
  db: Database,
  actor: AuditActor,
  id: string,
  body: AddonBody,
): Promise<PlanAddon> {
  if (!isId(id)) throw notFound("The add-on");
  const { currency } = await shopMoney(db);
  const row = await db.transaction(async (tx) => {
    const { addon, plan } = await lockAddon(tx, id);
    await refuseTakenName(tx, plan.id, body.name, id);
    const updated = await setAddonColumns(tx, id, columns(body, currency));
    if (!updated) throw notFound("The add-on");
    const change = changedFields(addonFields(addon, currency), addonFields(updated, currency));
    if (change) {
      await recordAudit(tx, {
        actor,
        action: "addon.updated",
        subject: addonSubject(updated, plan),
        ...change,
      });
    }
    return updated;
  });
  await catalogChanged(db, "plans");
  return toPlanAddon(row, currency);
}

/**
 * The checkout stops offering it. Orders that bought it keep their line (and renewals keep
 * charging one bought for every period), so it is deleted whatever its orders.
 */
export async function removeAddon(db: Database, actor: AuditActor, id: string): Promise<DeleteResult> {
  if (!isId(id)) throw notFound("The add-on");
  const { currency } = await shopMoney(db);
  await db.transaction(async (tx) => {
    const { addon, plan } = await lockAddon(tx, id);
    await deleteAddonRow(tx, id);
    await recordAudit(tx, {
      actor,
      action: "addon.deleted",
      subject: addonSubject(addon, plan),
      before: addonFields(addon, currency),
    });
  });
  await catalogChanged(db, "plans");
  return { deletedCount: 1 };
}

/** The order the checkout lists a plan's add-ons in: every one of them, once, first to last. */
export async function reorderAddons(
  db: Database,
  actor: AuditActor,
  planId: string,
  ids: string[],
): Promise<PlanAddon[]> {
  if (!isId(planId)) throw notFound("The pricing plan");
  const plan = await planById(db, planId);
  if (!plan) throw notFound("The pricing plan");
  await reorder(
    db,
    actor,
    {
      table: planAddons,
      scope: addonsOfPlanScope(planId),
      action: "addons.reordered",
      subject: planSubject(plan),
    },
    ids,
  );
  await catalogChanged(db, "plans");
  const rows = await addonsOfPlanInOrder(db, planId);
  const { currency } = await shopMoney(db);
  return rows.map((row) => toPlanAddon(row, currency));
}
