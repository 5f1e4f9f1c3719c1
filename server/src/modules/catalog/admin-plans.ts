import {
  type AdminPlan,
  type CreatePlanBody,
  catalogMessages,
  isId,
  type PlanAddon,
  type PlanDetailsBody,
  type PlanPriceBody,
  type PlanPriceChange,
  type PlanRemoval,
  toMajor,
} from "@agency/contract";
import type { Database } from "../../db/client.js";
import { pricingPlans } from "../../db/schema.js";
import { AppError, notFound } from "../../errors.js";
import { type AuditActor, changedFields, recordAudit } from "../audit/index.js";
import { addonsOfPlans } from "./addons.js";
import { reorder } from "./admin.js";
import { catalogChanged } from "./cache.js";
import { minorUnitsOf, sellingPriceOf, shopMoney } from "./currency.js";
import {
  deletePlanRow,
  insertPlanLast,
  type PlanRow,
  type PlanWithCounts,
  planByIdForUpdate,
  planHasOrders,
  plansWithCountsInPageOrder,
  planWithCountsById,
  setPlanArchivedAt,
  setPlanColumns,
} from "./queries/plans.js";
import { toPricingPlan } from "./service.js";

/** The catalog editor's plans: create, edit, price, archive or delete, restore, reorder. */

function toAdminPlan(row: PlanWithCounts, addons: Map<string, PlanAddon[]>, currency: string): AdminPlan {
  return {
    ...toPricingPlan(row.plan, currency),
    position: row.plan.position,
    archived: row.plan.archivedAt !== null,
    orders: row.orders,
    subscribers: row.subscribers,
    turnaroundDays: row.plan.turnaroundDays,
    expectedHours: row.plan.expectedMinutes === null ? null : row.plan.expectedMinutes / 60,
    hoursToClient: row.plan.hoursToClient,
    addons: addons.get(row.plan.id) ?? [],
  };
}

/** Every plan, archived ones too, with how many orders and renewing subscriptions each has. */
export async function listAllPlans(db: Database): Promise<AdminPlan[]> {
  const [rows, { currency }] = await Promise.all([plansWithCountsInPageOrder(db), shopMoney(db)]);
  const addons = await addonsOfPlans(
    db,
    rows.map((row) => row.plan.id),
  );
  return rows.map((row) => toAdminPlan(row, addons, currency));
}

async function adminPlan(db: Database, id: string): Promise<AdminPlan> {
  const [row, { currency }] = await Promise.all([planWithCountsById(db, id), shopMoney(db)]);
  if (!row) throw notFound("The pricing plan");
  return toAdminPlan(row, await addonsOfPlans(db, [id]), currency);
}

/** The prices typed, in minor units of the shop's currency (refused when they do not fit it). */
async function pricesOf(db: Database, body: { oldPrice: number; newPrice: number }) {
  const money = await shopMoney(db);
  return {
    oldPriceCents: minorUnitsOf(body.oldPrice, money.currency, "oldPrice"),
    newPriceCents: sellingPriceOf(body.newPrice, money, "newPrice"),
    currency: money.currency,
  };
}

function detailColumns(body: PlanDetailsBody) {
  return {
    service: body.service,
    title: body.title,
    duration: body.duration,
    monthLabel: body.month,
    featureNames: body.features.map((feature) => feature.name),
    featureDetails: body.features.map((feature) => feature.detail),
    featureIncluded: body.features.map((feature) => feature.included),
    highlighted: body.highlighted,
    backgroundColor: body.backgroundColor,
    color: body.color,
    // Left out: a new plan takes the default (7 days) and an edited one keeps its own.
    ...(body.turnaroundDays === undefined ? {} : { turnaroundDays: body.turnaroundDays }),
    ...(body.expectedHours === undefined
      ? {}
      : { expectedMinutes: body.expectedHours === null ? null : Math.round(body.expectedHours * 60) }),
    ...(body.hoursToClient === undefined ? {} : { hoursToClient: body.hoursToClient }),
  };
}

/** What the audit log keeps of a plan: its details, prices (major units), and whether it is archived. */
function planFields(row: PlanRow, currency: string) {
  return {
    service: row.service,
    title: row.title,
    duration: row.duration,
    month: row.monthLabel,
    features: row.featureNames.map((name, index) => ({
      name,
      detail: row.featureDetails[index] ?? null,
      included: row.featureIncluded[index] ?? null,
    })),
    highlighted: row.highlighted,
    backgroundColor: row.backgroundColor,
    color: row.color,
    oldPrice: toMajor(row.oldPriceCents, currency),
    newPrice: toMajor(row.newPriceCents, currency),
    currency,
    turnaroundDays: row.turnaroundDays,
    expectedHours: row.expectedMinutes === null ? null : row.expectedMinutes / 60,
    hoursToClient: row.hoursToClient,
    archived: row.archivedAt !== null,
  };
}

export const planLabel = (row: PlanRow) => `${row.service} (${row.duration})`;
export const planSubject = (row: PlanRow) => ({ type: "plan" as const, id: row.id, label: planLabel(row) });

/** A new plan goes last; it is on the pricing page at once. */
export async function createPlan(
  db: Database,
  actor: AuditActor,
  body: CreatePlanBody,
): Promise<{ insertedId: string }> {
  const { currency, ...prices } = await pricesOf(db, body);
  const row = await db.transaction(async (tx) => {
    const inserted = await insertPlanLast(tx, { ...detailColumns(body), ...prices });
    if (!inserted) throw new Error("The plan was not stored.");
    await recordAudit(tx, {
      actor,
      action: "plan.created",
      subject: planSubject(inserted),
      after: planFields(inserted, currency),
    });
    return inserted;
  });
  await catalogChanged(db, "plans");
  return { insertedId: row.id };
}

/**
 * Everything but the prices. A plan that has orders keeps its billing period: its subscriptions
 * renew by it (archive the plan and add another instead).
 */
export async function updatePlan(
  db: Database,
  actor: AuditActor,
  id: string,
  body: PlanDetailsBody,
): Promise<AdminPlan> {
  if (!isId(id)) throw notFound("The pricing plan");
  const { currency } = await shopMoney(db);
  await db.transaction(async (tx) => {
    const current = await planByIdForUpdate(tx, id);
    if (!current) throw notFound("The pricing plan");
    if (current.duration !== body.duration && (await planHasOrders(tx, id))) {
      throw new AppError("conflict", catalogMessages.durationLocked);
    }
    const updated = await setPlanColumns(tx, id, detailColumns(body));
    const change = updated && changedFields(planFields(current, currency), planFields(updated, currency));
    if (updated && change) {
      await recordAudit(tx, { actor, action: "plan.updated", subject: planSubject(updated), ...change });
    }
  });
  await catalogChanged(db, "plans");
  return adminPlan(db, id);
}

/**
 * Applies a plan's new price to its subscriptions that have not ended, queuing each customer's
 * notice, inside `tx`; answers how many changed. Billing owns the subscriptions and does it.
 */
export type RenewalPricing = (tx: Database, planId: string, newPriceCents: number) => Promise<number>;

/**
 * New orders pay the new price at once; orders placed before keep theirs. Subscriptions renew at
 * the price they were bought at unless the owner applies the change to renewals: then every
 * subscription of the plan that has not ended renews at the new price, and its customer gets a
 * notice, queued in the same transaction (Stripe Billing's subscriptions keep their price there).
 */
export async function changePlanPrice(
  db: Database,
  renewals: RenewalPricing,
  actor: AuditActor,
  id: string,
  body: PlanPriceBody,
): Promise<PlanPriceChange> {
  if (!isId(id)) throw notFound("The pricing plan");
  const { currency, oldPriceCents, newPriceCents } = await pricesOf(db, body);
  const changed = await db.transaction(async (tx) => {
    const current = await planByIdForUpdate(tx, id);
    if (!current) throw notFound("The pricing plan");
    const plan = await setPlanColumns(tx, id, { oldPriceCents, newPriceCents });
    if (!plan) throw notFound("The pricing plan");
    const renewalsChanged = body.applyToRenewals ? await renewals(tx, id, newPriceCents) : 0;
    const prices = (row: PlanRow) => ({
      oldPrice: toMajor(row.oldPriceCents, currency),
      newPrice: toMajor(row.newPriceCents, currency),
      currency,
    });
    await recordAudit(tx, {
      actor,
      action: "plan.price_changed",
      subject: planSubject(plan),
      before: prices(current),
      after: { ...prices(plan), applyToRenewals: body.applyToRenewals, renewalsChanged },
    });
    return renewalsChanged;
  });
  await catalogChanged(db, "plans");
  return { plan: await adminPlan(db, id), renewalsChanged: changed, noticesQueued: changed };
}

/**
 * A plan nobody ordered is deleted; one with orders is archived: it leaves the pricing pages and
 * cannot be ordered, while its orders, payments and subscriptions keep it.
 */
export async function removePlan(db: Database, actor: AuditActor, id: string): Promise<PlanRemoval> {
  if (!isId(id)) throw notFound("The pricing plan");
  const removal = await db.transaction(async (tx) => {
    const plan = await planByIdForUpdate(tx, id);
    if (!plan) throw notFound("The pricing plan");
    if (await planHasOrders(tx, id)) {
      await setPlanArchivedAt(tx, id, plan.archivedAt ?? new Date());
      if (plan.archivedAt === null) {
        await recordAudit(tx, {
          actor,
          action: "plan.archived",
          subject: planSubject(plan),
          before: { archived: false },
          after: { archived: true },
        });
      }
      return { deleted: false, archived: true };
    }
    await deletePlanRow(tx, id);
    await recordAudit(tx, {
      actor,
      action: "plan.deleted",
      subject: planSubject(plan),
      before: planFields(plan, (await shopMoney(db, tx)).currency),
    });
    return { deleted: true, archived: false };
  });
  await catalogChanged(db, "plans");
  return removal;
}

/** An archived plan back on the pricing pages. */
export async function restorePlan(db: Database, actor: AuditActor, id: string): Promise<AdminPlan> {
  if (!isId(id)) throw notFound("The pricing plan");
  await db.transaction(async (tx) => {
    const current = await planByIdForUpdate(tx, id);
    if (!current) throw notFound("The pricing plan");
    if (current.archivedAt === null) return;
    await setPlanArchivedAt(tx, id, null);
    await recordAudit(tx, {
      actor,
      action: "plan.restored",
      subject: planSubject(current),
      before: { archived: true },
      after: { archived: false },
    });
  });
  await catalogChanged(db, "plans");
  return adminPlan(db, id);
}

export async function reorderPlans(db: Database, actor: AuditActor, ids: string[]): Promise<AdminPlan[]> {
  await reorder(
    db,
    actor,
    { table: pricingPlans, action: "plans.reordered", subject: { type: "plan" } },
    ids,
  );
  await catalogChanged(db, "plans");
  return listAllPlans(db);
}
