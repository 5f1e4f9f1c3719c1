import {
  isId,
  type PromoCode,
  type PromoCodeBody,
  type PromoQuote,
  type PromoQuoteBody,
  promoMessages,
  toMajor,
} from "@agency/contract";
import { and, desc, eq, gt, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.js";
import { pricingPlans, promoCodes, promoCodeUses } from "../../db/schema.js";
import { AppError, notFound } from "../../errors.js";
import { renewalTerms } from "../../periods.js";
import { type AuditActor, changedFields, recordAudit } from "../audit/index.js";
import { discountCents, renewalChargeCents } from "../billing/index.js";
import { checkoutSums, chosenAddons, findOfferedPlanRow, minorUnitsOf, shopMoney } from "../catalog/index.js";

type PromoRow = typeof promoCodes.$inferSelect;

/** How many slots of `promo_code_uses` a code's uses are spread over (one per connection). */
const useSlots = 16;

/**
 * SQL: the uses of the promo_codes row (or of `codes`, promo_codes under another name): its
 * column's count plus its slots' in `promo_code_uses`.
 */
export function usesOf(codes: Record<"id" | "uses", AnyPgColumn> = promoCodes): SQL<number> {
  // Never below none, should more uses be given back than were counted.
  return sql<number>`greatest(${codes.uses} + coalesce((select sum(u.uses) from ${promoCodeUses} u where u.promo_code_id = ${codes.id}), 0), 0)::int`;
}

/**
 * SQL: adds `count` uses (negative: gives them back) of each code of `source`, a relation of
 * (promo_code_id, count) rows, in this connection's slots: concurrent writers each add to their
 * own row and wait for nobody.
 */
export function addUsesIn(source: SQL): SQL {
  return sql`insert into ${promoCodeUses} as c (promo_code_id, slot, uses)
    select s.promo_code_id, pg_backend_pid() % ${useSlots}, s.count
    from (${source}) as s (promo_code_id, count) order by 1
    on conflict (promo_code_id, slot) do update set uses = c.uses + excluded.uses`;
}

/**
 * SQL: adds `count` uses of each code of `source`, a relation of (promo_code_id, count) rows, on
 * the code's own row: for codes with a limit, whose rows the statement locked already, so
 * concurrent statements count their uses in turn.
 */
export function addUsesOnCodeRows(source: SQL): SQL {
  return sql`update ${promoCodes} set uses = ${promoCodes.uses} + s.count, updated_at = now()
    from (${source}) as s (promo_code_id, count) where ${promoCodes.id} = s.promo_code_id`;
}

/**
 * SQL: the promo_codes row (or the row of `codes`, promo_codes under another name) is a code that
 * may be used at `now` (billing's clock) for this plan: uses left, in its dates, not disabled.
 * The order's statement joins its codes with this (see orders' placement), reading their uses as
 * `uses`; the checkout's Apply reads one with it.
 */
export function usableCode(
  code: SQL | string,
  planId: SQL | string,
  now: SQL | Date,
  codes: Record<
    "id" | "code" | "disabled" | "validFrom" | "validTo" | "maxUses" | "uses" | "planId",
    AnyPgColumn
  > = promoCodes,
  uses: SQL | AnyPgColumn = usesOf(codes),
): SQL {
  return and(
    eq(sql`upper(${codes.code})`, typeof code === "string" ? code.toUpperCase() : sql`upper(${code})`),
    eq(codes.disabled, false),
    or(isNull(codes.validFrom), lte(codes.validFrom, now)),
    or(isNull(codes.validTo), gt(codes.validTo, now)),
    // The limit is checked first: a code without one needs no count of its uses.
    or(isNull(codes.maxUses), sql`${uses} < ${codes.maxUses}`),
    or(isNull(codes.planId), eq(codes.planId, planId)),
  ) as SQL;
}

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
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(usableCode(code, plan.id, now));
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
  await tx.execute(addUsesIn(sql`values (${promoCodeId}::uuid, -1)`));
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

function selectCodes(db: Database) {
  return db
    .select({
      code: promoCodes,
      uses: usesOf(),
      service: pricingPlans.service,
      duration: pricingPlans.duration,
    })
    .from(promoCodes)
    .leftJoin(pricingPlans, eq(pricingPlans.id, promoCodes.planId));
}

type CodeWithPlan = { code: PromoRow; uses: number; service: string | null; duration: string | null };
const fromJoined = (row: CodeWithPlan, currency: string) =>
  toPromoCode(
    { ...row.code, uses: row.uses },
    row.service && row.duration ? { service: row.service, duration: row.duration } : null,
    currency,
  );

export async function listPromoCodes(db: Database): Promise<PromoCode[]> {
  const [rows, { currency }] = await Promise.all([
    selectCodes(db).orderBy(desc(promoCodes.createdAt), desc(promoCodes.id)),
    shopMoney(db),
  ]);
  return rows.map((row) => fromJoined(row, currency));
}

async function promoCode(db: Database, id: string): Promise<PromoCode> {
  const [[row], { currency }] = await Promise.all([
    selectCodes(db).where(eq(promoCodes.id, id)),
    shopMoney(db),
  ]);
  if (!row) throw notFound("The promo code");
  return fromJoined(row, currency);
}

async function columns(db: Database, body: PromoCodeBody) {
  if (body.planId !== null) {
    const known =
      isId(body.planId) &&
      (await db.select({ id: pricingPlans.id }).from(pricingPlans).where(eq(pricingPlans.id, body.planId)))
        .length > 0;
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

/** PostgreSQL's unique_violation: another code is spelled the same (whatever the case). */
function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

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
      const [inserted] = await tx.insert(promoCodes).values(values).returning();
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
  values: Partial<typeof promoCodes.$inferInsert>,
  action: "promo.updated" | "promo.disabled" | "promo.enabled",
): Promise<string> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for("update");
    if (!current) throw notFound("The promo code");
    const [row] = await tx.update(promoCodes).set(values).where(eq(promoCodes.id, id)).returning();
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
