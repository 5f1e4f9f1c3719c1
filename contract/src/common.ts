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

/** Money travels as dollars (the spec's unit) and is stored as integer cents. */
export const Dollars = z.number().nonnegative();
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

export const Health = z.object({ status: z.literal("ok"), database: z.literal("ok") });
export type Health = z.infer<typeof Health>;
