import {
  formatMinutes,
  formatMoney,
  type InvoiceTimeBody,
  isId,
  timeMessages as messages,
  SalesDraftBody,
  type SalesLineBody,
  toMajor,
  type UnbilledTime,
} from "@agency/contract";
import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { visibleOrdersOf } from "../../auth/order-access.js";
import { can } from "../../auth/permissions.js";
import type { SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { companies, memberSettings, orders, timeEntries, user } from "../../db/schema.js";
import { AppError, notFound } from "../../errors.js";
import { shopMoney } from "../catalog/index.js";
import { createDraft } from "../sales/index.js";

// Billable time to an invoice: a company's unbilled billable entries, at each member's hourly
// rate, become the lines of a draft invoice, one per entry or one per member; the entries are then
// billed on it, in the same transaction, so that no entry is ever billed twice.

type Context = { db: Database; now: () => Date };

const dayOf = (time: Date) => time.toISOString().slice(0, 10);

function refuseWithoutMoney(caller: SessionUser) {
  if (!can(caller, "money.view")) throw new AppError("forbidden", messages.seesNoMoney);
}

/**
 * The company's billable, stopped, unbilled entries on the orders the caller sees (those of `ids`
 * only, locked, when given).
 */
function unbilledOf(db: Database, caller: SessionUser, companyId: string, ids?: string[]) {
  const query = db
    .select({
      entry: timeEntries,
      orderNumber: orders.number,
      memberName: user.name,
      rateCents: memberSettings.hourlyRateCents,
    })
    .from(timeEntries)
    .innerJoin(orders, eq(orders.id, timeEntries.orderId))
    .innerJoin(user, eq(user.id, timeEntries.memberId))
    .leftJoin(memberSettings, eq(memberSettings.memberId, timeEntries.memberId))
    .where(
      and(
        eq(orders.companyId, companyId),
        visibleOrdersOf(caller),
        eq(timeEntries.billable, true),
        isNull(timeEntries.billedDocumentId),
        isNotNull(timeEntries.minutes),
        ids ? inArray(timeEntries.id, ids) : undefined,
      ),
    )
    .orderBy(timeEntries.day, timeEntries.createdAt)
    .limit(500);
  return ids ? query.for("update", { of: timeEntries }) : query;
}

/** Money for `minutes` at `rateCents` an hour, rounded to the minor unit. */
const amountOf = (minutes: number, rateCents: number) => Math.round((minutes * rateCents) / 60);

async function companyOf(db: Database, companyId: string) {
  const [company] = isId(companyId)
    ? await db.select().from(companies).where(eq(companies.id, companyId))
    : [];
  if (!company) throw notFound("The company");
  return company;
}

/** A company's unbilled billable time, with its amounts, for a member who sees money. */
export async function unbilledTime(
  ctx: Context,
  caller: SessionUser,
  companyId: string,
): Promise<UnbilledTime> {
  refuseWithoutMoney(caller);
  const company = await companyOf(ctx.db, companyId);
  const { currency } = await shopMoney(ctx.db);
  const rows = await unbilledOf(ctx.db, caller, company.id);
  return {
    currency,
    entries: rows.map(({ entry, orderNumber, memberName, rateCents }) => ({
      _id: entry.id,
      orderId: entry.orderId,
      orderNumber,
      memberId: entry.memberId,
      memberName,
      day: entry.day,
      minutes: entry.minutes ?? 0,
      note: entry.note,
      rate: rateCents === null ? null : toMajor(rateCents, currency),
      amount: rateCents === null ? null : toMajor(amountOf(entry.minutes ?? 0, rateCents), currency),
    })),
  };
}

/**
 * Makes a draft invoice of the chosen entries for the company they were worked for, one line per
 * entry or per member, and bills them on it. Two requests for the same entries at once: the first
 * locks and bills them, the second finds them billed (409) and changes nothing.
 */
export async function invoiceTime(ctx: Context, caller: SessionUser, body: InvoiceTimeBody): Promise<string> {
  refuseWithoutMoney(caller);
  const ids = [...new Set(body.entryIds)];
  if (!ids.every(isId)) throw new AppError("conflict", messages.alreadyBilled);
  return ctx.db.transaction(async (tx) => {
    const company = await companyOf(tx, body.companyId);
    const rows = await unbilledOf(tx, caller, company.id, ids);
    if (rows.length !== ids.length) throw new AppError("conflict", messages.alreadyBilled);
    const unpriced = rows.find((row) => row.rateCents === null);
    if (unpriced) throw new AppError("conflict", messages.noRate(unpriced.memberName));
    const { currency, locale } = await shopMoney(tx);
    const rate = (cents: number) => `${formatMoney(cents, currency, locale)}/h`;
    const line = (description: string, cents: number): SalesLineBody => ({
      description: description.slice(0, 300),
      quantity: 1,
      unitPrice: toMajor(cents, currency),
      recurring: null,
    });
    let lines: SalesLineBody[];
    if (body.grouping === "entry") {
      lines = rows.map(({ entry, orderNumber, memberName, rateCents }) => {
        const minutes = entry.minutes ?? 0;
        const note = entry.note ? ` · ${entry.note}` : "";
        return line(
          `${entry.day} · #${orderNumber} · ${memberName}: ${formatMinutes(minutes)} at ${rate(rateCents ?? 0)}${note}`,
          amountOf(minutes, rateCents ?? 0),
        );
      });
    } else {
      const byMember = new Map<string, { name: string; minutes: number; rateCents: number }>();
      for (const { entry, memberName, rateCents } of rows) {
        const member = byMember.get(entry.memberId) ?? {
          name: memberName,
          minutes: 0,
          rateCents: rateCents ?? 0,
        };
        member.minutes += entry.minutes ?? 0;
        byMember.set(entry.memberId, member);
      }
      lines = [...byMember.values()].map((member) =>
        line(
          `${member.name}: ${formatMinutes(member.minutes)} at ${rate(member.rateCents)}`,
          amountOf(member.minutes, member.rateCents),
        ),
      );
    }
    if (lines.length > 50)
      throw new AppError("bad_request", messages.tooManyLines, { entryIds: messages.tooManyLines });
    const orderIds = new Set(rows.map((row) => row.entry.orderId));
    const now = ctx.now();
    const draft = SalesDraftBody.parse({
      kind: "invoice",
      email: company.billingEmail,
      name: company.name,
      companyId: company.id,
      lines,
      dueDate: dayOf(new Date(now.getTime() + 14 * 86_400_000)),
      // One order's time names the order it was worked on; several name none.
      forOrderId: orderIds.size === 1 ? [...orderIds][0] : null,
      startsWork: false,
    });
    const invoiceId = await createDraft({ db: tx, now: ctx.now }, caller, draft);
    await tx.update(timeEntries).set({ billedDocumentId: invoiceId }).where(inArray(timeEntries.id, ids));
    return invoiceId;
  });
}
