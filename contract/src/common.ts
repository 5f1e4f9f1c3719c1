import { z } from "zod";

/**
 * Ids in paths are plain strings on the wire: a malformed id must answer 404 like an unknown one,
 * so the format is checked by the service (see `isId`), not rejected as a 400 by the schema.
 */
export const IdParams = z.object({ id: z.string() });
export type IdParams = z.infer<typeof IdParams>;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isId(value: string): boolean {
  return uuidPattern.test(value);
}

/** A filter's id (a plan's, say): one that is not an id cannot match, so it is a 400. */
export const FilterId = z.string().regex(uuidPattern, "must be an id");

/**
 * An amount in major units of its currency (dollars, euros, yen), as money travels; it is stored
 * as integer minor units (cents). The name is the spec's unit. Convert with `toMajor` and `toMinor`
 * (money.ts), which know each currency's digits; the currency travels beside the amount.
 */
export const Dollars = z.number().nonnegative();

export const Health = z.object({ status: z.literal("ok"), database: z.literal("ok") });
export type Health = z.infer<typeof Health>;

/** GET /api/ready: 200 when this instance can take traffic; 503 with the reason when it cannot. */
export const Readiness = z.object({
  status: z.enum(["ready", "unavailable"]),
  database: z.enum(["ok", "unreachable"]),
  jobQueue: z.enum(["ok", "unreachable"]),
  reason: z.string().optional(),
});
export type Readiness = z.infer<typeof Readiness>;

/**
 * Admin lists, newest first, a page at a time. A page is asked for by number (`page`, from 0, at
 * most `maxOffsetRows` rows deep) or, at any depth, by the cursor of the page next to it:
 * `after` a list's `nextCursor` or `before` its `previousCursor` (`page` is then not used). Deep
 * numbered pages would make the database step over every row above them.
 */
export const maxOffsetRows = 10_000;

/** Opaque: handed out by a list, passed back unchanged. */
export const PageCursor = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, "must be a cursor this list handed out");

const pageNumber = ({ size, maxSize }: PageSizes) => ({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(maxSize).default(size),
});
type PageSizes = { size: number; maxSize: number };

function shallowEnough(query: object): boolean {
  const { page, size, after, before } = query as PageQuery;
  return Boolean(after || before) || page * size <= maxOffsetRows;
}
const tooDeep = {
  message: `is more than ${maxOffsetRows.toLocaleString("en-US")} rows deep; follow nextCursor with after instead`,
  path: ["page"],
};

/** Pages by number only (a list whose answer is a bare array, with nowhere to put cursors). */
export function numberedPageQuery<Extra extends z.ZodRawShape = Record<never, never>>(
  sizes: PageSizes,
  extra?: Extra,
) {
  return z.object({ ...(extra as Extra), ...pageNumber(sizes) }).refine(shallowEnough, tooDeep);
}

export function pageQuery<Extra extends z.ZodRawShape = Record<never, never>>(
  sizes: PageSizes,
  extra?: Extra,
) {
  return z
    .object({
      ...(extra as Extra),
      ...pageNumber(sizes),
      after: PageCursor.optional(),
      before: PageCursor.optional(),
    })
    .refine((query) => !((query as PageQuery).after && (query as PageQuery).before), {
      message: "give either after or before, not both",
      path: ["before"],
    })
    .refine(shallowEnough, tooDeep);
}
export type PageQuery = { page: number; size: number; after?: string; before?: string };

/** Where the pages beside this one start; null at either end of the list. */
export const PageCursors = {
  nextCursor: z.string().nullable(),
  previousCursor: z.string().nullable(),
};

/**
 * The admin lists' search and filters, all optional. `q` is a search: the start of an e-mail, or
 * of a name or any word in it, whatever the case (All Orders also finds an order number). `from`
 * and `to` are days (YYYY-MM-DD, UTC), both included, on the row's creation date.
 */
const day = z
  .string()
  .regex(/^\d{4}-\d\d-\d\d$/, "must be a day written YYYY-MM-DD")
  .refine((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
  }, "must be a day that exists");

export const listSearch = {
  q: z.string().trim().max(200, "must be at most 200 characters").optional(),
  from: day.optional(),
  to: day.optional(),
};

/** `from` after `to` can match nothing: refused, so a mistyped range is noticed. */
export function rangeInOrder(query: { from?: string; to?: string }): boolean {
  return !(query.from && query.to && query.from > query.to);
}
export const rangeOutOfOrder = { message: "must not be after to", path: ["from"] };

/**
 * How many rows a searched or filtered list holds, counted up to `maxMatchCount`: `more` says
 * there are more than `count` (shown as "1,000+"). Absent when nothing narrows the list.
 */
export const maxMatchCount = 1000;
export const MatchCount = z.object({
  count: z.number().int().nonnegative(),
  more: z.boolean(),
});
export type MatchCount = z.infer<typeof MatchCount>;

/** "12" or "1,000+". */
export function formatMatchCount(matches: MatchCount): string {
  return `${matches.count.toLocaleString("en-US")}${matches.more ? "+" : ""}`;
}
