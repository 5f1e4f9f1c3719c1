import {
  isId,
  type PromoCode,
  type PromoCodeBody,
  type PromoQuote,
  type PromoQuoteBody,
  promoMessages,
  toMajor,
} from "@agency/contract";
import type { Database } from "../../db/client.js";
import { isUniqueViolation } from "../../db/unique-violation.js";
import { AppError, notFound } from "../../errors.js";
import { renewalTerms } from "../../periods.js";
import { type AuditActor, changedFields, recordAudit } from "../audit/index.js";
import { discountCents, renewalChargeCents } from "../billing/index.js";
import { checkoutSums, chosenAddons, findOfferedPlanRow, minorUnitsOf, shopMoney } from "../catalog/index.js";
import {
  type CodeWithPlan,
  codesWithPlansNewestFirst,
  codeWithPlanById,
  giveBackOneUse,
  insertPromoCode,
  type PromoColumns,
  type PromoRow,
  planExists,
  promoCodeByIdForUpdate,
  setPromoCodeColumns,
  usableCodeRow,
} from "./queries.js";

const invalid = () => new AppError("unprocessable", promoMessages.invalid);

/** The code as entered, trimmed; an empty box is refused with the spec's words. */
export function enteredCode(code: string): string {
  const trimmed = code.trim();
  if (!trimmed) throw new AppError("bad_request", promoMessages.empty, { code: promoMessages.empty });
  return trimmed;
}

/**
 * The checkout's Apply: what the code would take off the plan with the add-ons ticked, now
 * (nothing is counted yet). The discount is on their sum, and a code for every payment takes the
 * same off each renewal's (the plan and the add-ons charged every period).
 */
export async function quotePromo(db: Database, body: PromoQuoteBody, now: Date): Promise<PromoQuote> {
  const code = enteredCode(body.code);
  const [plan, { currency }] = await Promise.all([findOfferedPlanRow(db, body.planId), shopMoney(db)]);
  const addons = await chosenAddons(db, plan.id, body.addonIds);
  const row = await usableCodeRow(db, code, plan.id, now);
  if (!row) throw invalid();
  const { firstCents: subtotal, renewalCents } = checkoutSums(plan, addons);
  const discount = discountCents(subtotal, row, currency);
  const everyPayment = row.appliesTo === "every";
  return {
    code: row.code,
    subtotal: toMajor(subtotal, currency),
    discount: toMajor(discount, currency),
    total: toMajor(subtotal - discount, currency),
    currency,
    appliesTo: row.appliesTo,
    terms: renewalTerms({
      firstChargeCents: subtotal - discount,
      interval: plan.duration,
      renewalChargeCents: renewalChargeCents(
        {
          priceCents: renewalCents,
          renewalPercentOff: everyPayment && row.kind === "percent" ? row.value : null,
          renewalAmountOffCents: everyPayment && row.kind === "fixed" ? row.value : null,
        },
        currency,
      ),
      currency,
      now,
    }),
  };
}

/** An unpaid order deleted: its use of the code is given back. */
export async function releasePromo(tx: Database, promoCodeId: string | null): Promise<void> {
  if (!promoCodeId) return;
  await giveBackOneUse(tx, promoCodeId);
}

// ─── The owner's editor ────────────────────────────────────────────────────────────────────────

/** A code as the editor shows it; a fixed amount is in the shop's currency (`currency`). */
function toPromoCode(
  row: PromoRow,
  plan: { service: string; duration: string } | null,
  currency: string,
): PromoCode {
  return {
    _id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.kind === "fixed" ? toMajor(row.value, currency) : row.value,
    validFrom: row.validFrom?.toISOString() ?? null,
    validTo: row.validTo?.toISOString() ?? null,
    maxUses: row.maxUses,
    uses: row.uses,
    planId: row.planId,
    planLabel: plan ? `${plan.service} (${plan.duration})` : null,
    appliesTo: row.appliesTo,
    disabled: row.disabled,
    createdAt: row.createdAt.toISOString(),
  };
}

const fromJoined = (row: CodeWithPlan, currency: string) =>
  toPromoCode(
    { ...row.code, uses: row.uses },
    row.service && row.duration ? { service: row.service, duration: row.duration } : null,
    currency,
  );

export async function listPromoCodes(db: Database): Promise<PromoCode[]> {
  const [rows, { currency }] = await Promise.all([codesWithPlansNewestFirst(db), shopMoney(db)]);
  return rows.map((row) => fromJoined(row, currency));
}

async function promoCode(db: Database, id: string): Promise<PromoCode> {
  const [row, { currency }] = await Promise.all([codeWithPlanById(db, id), shopMoney(db)]);
  if (!row) throw notFound("The promo code");
  return fromJoined(row, currency);
}

async function columns(db: Database, body: PromoCodeBody) {
  if (body.planId !== null) {
    const known = isId(body.planId) && (await planExists(db, body.planId));
    if (!known) {
      throw new AppError("bad_request", `planId ${promoMessages.planMissing}`, {
        planId: promoMessages.planMissing,
      });
    }
  }
  return {
    code: body.code,
    kind: body.kind,
    // A fixed amount is in the shop's currency, kept in its minor units.
    value:
      body.kind === "fixed" ? minorUnitsOf(body.value, (await shopMoney(db)).currency, "value") : body.value,
    validFrom: body.validFrom ? new Date(body.validFrom) : null,
    validTo: body.validTo ? new Date(body.validTo) : null,
    maxUses: body.maxUses,
    planId: body.planId,
    appliesTo: body.appliesTo,
    disabled: body.disabled,
  };
}

const taken = () => new AppError("conflict", promoMessages.taken, { code: promoMessages.taken });

/** What the audit log keeps of a code (not its use count, which orders move). */
function promoFields(row: PromoRow) {
  const { id: _id, uses: _uses, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = row;
  return fields;
}
const promoSubject = (row: PromoRow) => ({ type: "promo_code" as const, id: row.id, label: row.code });

export async function createPromoCode(
  db: Database,
  actor: AuditActor,
  body: PromoCodeBody,
): Promise<PromoCode> {
  const values = await columns(db, body);
  try {
    const row = await db.transaction(async (tx) => {
      const inserted = await insertPromoCode(tx, values);
      if (!inserted) throw new Error("The promo code was not stored.");
      await recordAudit(tx, {
        actor,
        action: "promo.created",
        subject: promoSubject(inserted),
        after: promoFields(inserted),
      });
      return inserted;
    });
    return promoCode(db, row.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/** Uses already counted stay counted; lowering the limit below them simply ends the code. */
/** One code changed in a transaction that records what changed. */
async function changePromo(
  db: Database,
  actor: AuditActor,
  id: string,
  values: PromoColumns,
  action: "promo.updated" | "promo.disabled" | "promo.enabled",
): Promise<string> {
  return db.transaction(async (tx) => {
    const current = await promoCodeByIdForUpdate(tx, id);
    if (!current) throw notFound("The promo code");
    const row = await setPromoCodeColumns(tx, id, values);
    if (!row) throw notFound("The promo code");
    const change = changedFields(promoFields(current), promoFields(row));
    if (change) await recordAudit(tx, { actor, action, subject: promoSubject(row), ...change });
    return row.id;
  });
}

export async function updatePromoCode(
  db: Database,
  actor: AuditActor,
  id: string,
  body: PromoCodeBody,
): Promise<PromoCode> {
  if (!isId(id)) throw notFound("The promo code");
  const values = await columns(db, body);
  try {
    return promoCode(db, await changePromo(db, actor, id, values, "promo.updated"));
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/** Disabled codes stop working at once; orders placed with them keep their discount. */
export async function setPromoDisabled(
  db: Database,
  actor: AuditActor,
  id: string,
  disabled: boolean,
): Promise<PromoCode> {
  if (!isId(id)) throw notFound("The promo code");
  const action = disabled ? "promo.disabled" : "promo.enabled";
  return promoCode(db, await changePromo(db, actor, id, { disabled }, action));
}
