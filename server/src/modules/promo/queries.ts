import { and, desc, eq, gt, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.js";
import { pricingPlans, promoCodes, promoCodeUses } from "../../db/schema.js";

export type PromoRow = typeof promoCodes.$inferSelect;
export type PromoColumns = Partial<typeof promoCodes.$inferInsert>;

// ─── Counting uses: parts of order placement's statement, and the use given back ──────────────────

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

/** A code as entered that may be used at `now` for the plan, or undefined when none may. */
export async function usableCodeRow(
  db: Database,
  code: string,
  planId: string,
  now: Date,
): Promise<PromoRow | undefined> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(usableCode(code, planId, now));
  return row;
}

/** Gives back one use of the code, in this connection's slot. */
export async function giveBackOneUse(tx: Database, promoCodeId: string): Promise<void> {
  await tx.execute(addUsesIn(sql`values (${promoCodeId}::uuid, -1)`));
}

// ─── The owner's editor ────────────────────────────────────────────────────────────────────────

/** A code with its uses counted and the service and duration of its plan, if it has one. */
export type CodeWithPlan = { code: PromoRow; uses: number; service: string | null; duration: string | null };

function selectCodesWithPlans(db: Database) {
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

export function codesWithPlansNewestFirst(db: Database): Promise<CodeWithPlan[]> {
  return selectCodesWithPlans(db).orderBy(desc(promoCodes.createdAt), desc(promoCodes.id));
}

export async function codeWithPlanById(db: Database, id: string): Promise<CodeWithPlan | undefined> {
  const [row] = await selectCodesWithPlans(db).where(eq(promoCodes.id, id));
  return row;
}

/** Whether a pricing plan (archived or not) has this id. */
export async function planExists(db: Database, planId: string): Promise<boolean> {
  return (
    (await db.select({ id: pricingPlans.id }).from(pricingPlans).where(eq(pricingPlans.id, planId))).length >
    0
  );
}

export async function insertPromoCode(
  tx: Database,
  values: typeof promoCodes.$inferInsert,
): Promise<PromoRow | undefined> {
  const [inserted] = await tx.insert(promoCodes).values(values).returning();
  return inserted;
}

/** The code, locked until the transaction ends. */
export async function promoCodeByIdForUpdate(tx: Database, id: string): Promise<PromoRow | undefined> {
  const [current] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for("update");
  return current;
}

/** The code as changed, or undefined when it is gone. */
export async function setPromoCodeColumns(
  tx: Database,
  id: string,
  values: PromoColumns,
): Promise<PromoRow | undefined> {
  const [row] = await tx.update(promoCodes).set(values).where(eq(promoCodes.id, id)).returning();
  return row;
}
