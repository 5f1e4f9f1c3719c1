import { isId, type PricingPlan, type Service, toMajor } from "@agency/contract";
import type { Database } from "../../db/client.js";
import { notFound } from "../../errors.js";
import { type Precompressed, precompressJson } from "../../plugins/compression.js";
import { cachedRead, cachedReadNow } from "./cache.js";
import { shopMoney } from "./currency.js";
import { offeredPlansInPageOrder, type PlanRow, planById } from "./queries/plans.js";
import { shownServicesInPageOrder } from "./queries/services.js";

/** A plan as the API shows it, its prices in the shop's currency (`currency`). */
export function toPricingPlan(row: PlanRow, currency: string): PricingPlan {
  return {
    _id: row.id,
    service: row.service,
    newPrice: toMajor(row.newPriceCents, currency),
    oldPrice: toMajor(row.oldPriceCents, currency),
    currency,
    month: row.monthLabel,
    duration: row.duration,
    title: row.title,
    backgroundColor: row.backgroundColor,
    color: row.color,
    serviceName: row.featureNames,
    serviceTitle: row.featureDetails,
    included: row.featureIncluded,
    highlighted: row.highlighted,
  };
}

/** What visitors see: archived services and plans are left out. Every editor write calls `catalogChanged`. */
export function listServices(db: Database): Promise<Service[]> {
  return cachedRead(db, "services", "list", async () => {
    const rows = await shownServicesInPageOrder(db);
    return rows.map((row) => ({
      _id: row.id,
      image: row.image,
      title: row.title,
      description: row.description,
    }));
  });
}

export function listPlans(db: Database): Promise<PricingPlan[]> {
  return cachedRead(db, "plans", "list", async () => {
    const [rows, { currency }] = await Promise.all([offeredPlansInPageOrder(db), shopMoney(db)]);
    return rows.map((row) => toPricingPlan(row, currency));
  });
}

/**
 * The public lists as the API sends them: serialised and compressed once per catalog change
 * instead of checked against the response schema, stringified and compressed on every request
 * (they are built to that schema).
 */
export function servicesDocument(db: Database): Precompressed | Promise<Precompressed> {
  return cachedReadNow(db, "services", "list.document", async () => precompressJson(await listServices(db)));
}

export function plansDocument(db: Database): Precompressed | Promise<Precompressed> {
  return cachedReadNow(db, "plans", "list.document", async () => precompressJson(await listPlans(db)));
}

/**
 * The plan row itself, archived or not, for callers that need its cents (orders, payments). Do
 * not modify it.
 */
export async function findPlanRow(db: Database, id: string): Promise<PlanRow> {
  if (!isId(id)) throw notFound("The pricing plan");
  // A missing plan throws inside the read, so unknown ids are never kept.
  return cachedRead(db, "plans", id, async () => {
    const row = await planById(db, id);
    if (!row) throw notFound("The pricing plan");
    return row;
  });
}

/** A plan on offer: an archived one is not found, so its checkout page says so. */
export async function findOfferedPlanRow(db: Database, id: string): Promise<PlanRow> {
  const row = await findPlanRow(db, id);
  if (row.archivedAt) throw notFound("The pricing plan");
  return row;
}
