import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../test/helpers.js";
import type { DatabaseHandle } from "../../db/client.js";
import { inlineValues } from "../../db/filter-values.js";
import { countMatches, nameOrEmailSearch, oneWordStart } from "../../db/list-search.js";
import { orders } from "../../db/schema.js";
import { ordersWithWord, orderWordLookup, wordMatches } from "./queries/listing.js";

/**
 * All Orders' count of a one-word search, read from the orders' words, agrees with counting the
 * orders themselves, whichever way it settles: every entry read, more than 1,000 orders among the
 * entries read, or orders with several entries that start with the word.
 */

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
  await handle.db.execute(sql`
    insert into "user" (id, name, email, email_verified, created_at)
    select 'counted-' || g, 'Person ' || g, 'person' || g || '@example.com', true, now()
    from generate_series(1, 3) g`);
  // 1,800 orders: "Olga O'Brien" (two words with "o", and "b" with the address "buyer…"),
  // "Otto Berg" (one each) and "Ada Lovelace" (none).
  await handle.db.execute(sql`
    insert into orders (user_id, email, name, service, service_duration, price_cents, phone)
    select 'counted-' || (1 + g % 3),
           case when g % 2 = 0 then 'buyer' || g || '@example.com' else 'client' || g || '@example.com' end,
           (array['Olga O''Brien', 'Otto Berg', 'Ada Lovelace'])[1 + g % 3],
           'SEO', 'monthly', 10000, '0123456789'
    from generate_series(1, 1800) g`);
});
afterAll(() => handle.close());

// Each word counts its 1,800 orders seven ways: on a slow, busy machine that outlasts the default limit.
describe("the count of a one-word search", { timeout: 60_000 }, () => {
  for (const word of ["o", "b", "olga", "bu", "c", "lovelace", "nobody"]) {
    it(`counts the orders "${word}" finds, each once`, async () => {
      const filter = nameOrEmailSearch(orders, word, orderWordLookup);
      const start = oneWordStart(word);
      if (!filter || !start) throw new Error("a one-word search");
      const expected = await countMatches(handle.db, orders, filter);
      for (const sample of [1, 2, 50, 600, 1500, undefined]) {
        const { common, ...counted } = await wordMatches(handle.db, start, sample);
        expect(counted, `sample ${sample}`).toEqual(expected);
      }
    });

    it(`finds the orders "${word}" finds with either plan of its page`, async () => {
      const filter = nameOrEmailSearch(orders, word, orderWordLookup);
      const start = oneWordStart(word);
      if (!filter || !start) throw new Error("a one-word search");
      const ids = async (condition: SQL) =>
        (await handle.db.select({ id: orders.id }).from(orders).where(condition).orderBy(orders.id)).map(
          (row) => row.id,
        );
      const expected = await ids(filter);
      expect(await ids(ordersWithWord(start, true, inlineValues))).toEqual(expected);
      expect(await ids(ordersWithWord(start, false, inlineValues))).toEqual(expected);
    });
  }

  it("counts past 1,000 as more", async () => {
    const filter = nameOrEmailSearch(orders, "o", orderWordLookup);
    if (!filter) throw new Error("a search");
    // Every "Olga O'Brien" and "Otto Berg": two thirds of 1,800.
    const start = oneWordStart("o");
    if (!start) throw new Error("a one-word search");
    expect(await wordMatches(handle.db, start)).toEqual({ count: 1000, more: true, common: false });
    // Read 600 entries at a time, "o" has more than that: its page walks the newest orders.
    expect(await wordMatches(handle.db, start, 600)).toEqual({ count: 1000, more: true, common: true });
  });
});
