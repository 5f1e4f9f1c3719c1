import { desc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { orderDayCounts, placeOrder, planIds } from "../../../test/orders.js";
import { rowsOf } from "../../db/rows.js";
import { orders } from "../../db/schema.js";
import { foldOrderDayCounts } from "./queries/day-counts.js";

// A numbered page of All Orders found from the orders counted per day (docs/decisions/042), and
// the upkeep's fold of those counts.

let ctx: TestContext;
let admin: TestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, { admin: true });
});
afterAll(() => ctx.close());

async function ordersPage(query: string): Promise<{ orders: { _id: string }[] }> {
  const response = await ctx.app.inject({
    method: "GET",
    url: `/api/orders?${query}`,
    headers: { cookie: admin.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("All Orders' numbered pages from the day counts", () => {
  it("finds a numbered page from the orders counted per day, as orders come, move and leave", async () => {
    // Orders over several days, some at a day's first and last microsecond (UTC), in every state.
    await ctx.db.execute(sql`
      insert into "user" (id, name, email, email_verified)
      select 'daily-' || g, 'Daily customer ' || g, 'daily-' || g || '@example.com', true
      from generate_series(1, 30) g`);
    await ctx.db.execute(sql`
      insert into orders (user_id, plan_id, email, name, service, service_duration, price_cents, phone, created_at, paid, state)
      select u.id, p.id, u.email, u.name, p.service, p.duration, p.new_price_cents, '0123456789',
             timestamptz '2025-06-01 00:00:00+00' + (abs(hashtext(u.id || p.id)) % 5) * interval '1 day'
               + case abs(hashtext(p.id || u.id)) % 3 when 0 then interval '0' when 1 then interval '1 day' - interval '1 microsecond' else interval '13 hours' end,
             abs(hashtext(u.id)) % 2 = 0,
             (array['submitted', 'in_progress', 'delivered', 'complete', 'cancelled'])[1 + (row_number() over (partition by p.id order by u.id))::int % 5]
      from "user" u cross join pricing_plans p
      where u.id like 'daily-%'`);
    const plans = await planIds(ctx);
    const plan = plans.standardMonthly._id;
    // Each list a numbered page finds from the day counts, with the orders it must show.
    const lists = [
      ["", sql`true`],
      ["state=delivered", sql`${orders.state} = 'delivered'`],
      ["state=unpaid", sql`not ${orders.paid}`],
      ["paid=true", sql`${orders.paid}`],
      [`plan=${plan.toUpperCase()}`, sql`${orders.planId} = ${plan}`],
      [`state=complete&plan=${plan}`, sql`${orders.state} = 'complete' and ${orders.planId} = ${plan}`],
    ] as const;
    const numberedPagesMatch = async () => {
      const { kept, recounted } = await orderDayCounts(ctx.db);
      expect(kept).toEqual(recounted);
      for (const [filter, where] of lists) {
        const rows = await ctx.db
          .select({ id: orders.id })
          .from(orders)
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id));
        const expected = rows.map((row) => row.id);
        // Several pages each; orders removed below may leave fewer.
        const size = 2;
        expect(expected.length, filter).toBeGreaterThan(size);
        for (let page = 0; page * size < expected.length; page += 1) {
          const shown = (await ordersPage(`${filter}&page=${page}&size=${size}`)).orders.map(
            (order) => order._id,
          );
          expect(shown, `${filter}, page ${page}`).toEqual(expected.slice(page * size, (page + 1) * size));
        }
        // Past the last order: an empty page, not an error.
        const beyond = Math.ceil(expected.length / size) + 1;
        expect((await ordersPage(`${filter}&page=${beyond}&size=${size}`)).orders).toEqual([]);
      }
    };
    await numberedPagesMatch();

    // Orders moved to another day, paid and moved on in the work (one statement, several rows),
    // and removed.
    await ctx.db.execute(sql`
      update orders set created_at = created_at - interval '3 days', paid = not paid,
        state = case state when 'submitted' then 'in_progress' when 'in_progress' then 'delivered' else state end
      where id in (select id from orders where user_id like 'daily-%' order by id limit 9)`);
    await ctx.db.execute(sql`
      delete from orders where id in (select id from orders where user_id like 'daily-%' and state = 'cancelled' order by id desc limit 4)`);
    await numberedPagesMatch();

    // Each count spread over three connections' slots, as on PostgreSQL, and a day whose count
    // came back to nothing in two slots or one; the upkeep folds each past day into one row and
    // removes the empty ones.
    const today = new Date().toISOString().slice(0, 10);
    expect((await placeOrder(ctx, await createAccount(ctx), plan)).json().success).toBe(true);
    await ctx.db.execute(sql`
      with old as (delete from order_day_counts returning key, day, value),
        counted as (select key, day, sum(value) as value from old group by key, day)
      insert into order_day_counts (key, day, slot, value)
      select key, day, s.slot, case s.slot when 0 then value + 1 when 7 then 1 else -2 end
      from counted, (values (0), (7), (11)) as s(slot)`);
    await ctx.db.execute(sql`
      insert into order_day_counts (key, day, slot, value)
      values ('state:submitted', '2020-01-01', 5, 4), ('state:submitted', '2020-01-01', 9, -4),
        ('state:submitted', '2020-01-02', 5, 0)`);
    const slots = () =>
      rowsOf<{ past: boolean; rows: number; zero: number; days: number }>(
        ctx.db,
        sql`select day < ${today}::date as past, count(*)::int as rows,
              count(*) filter (where value = 0)::int as zero, count(distinct (key, day))::int as days
            from order_day_counts group by 1 order by 1`,
      );
    const spread = await slots();
    const spreadToday = spread.find((row) => !row.past);
    const spreadPast = spread.find((row) => row.past);
    expect(spreadToday?.rows).toBe((spreadToday?.days ?? 0) * 3);
    // Every past (key, day) has its three slots, and some added up to nothing before.
    const counted = (await orderDayCounts(ctx.db)).kept as { day: string }[];
    const pastDays = counted.filter((row) => row.day < today).length;
    expect(spreadPast?.days).toBeGreaterThan(pastDays);

    // Small batches, so that the fold takes several statements.
    const folded = await foldOrderDayCounts(ctx.db, today, 7);
    expect(folded).toEqual({ days: spreadPast?.days, rows: spreadPast?.rows });
    expect(await slots()).toEqual([spreadToday, { past: true, rows: pastDays, zero: 0, days: pastDays }]);
    await numberedPagesMatch();
    expect(await foldOrderDayCounts(ctx.db, today, 7)).toEqual({ days: 0, rows: 0 });

    // Orders of past days still move and leave after the fold, and are counted in new slots.
    await ctx.db.execute(sql`
      update orders set state = 'complete', paid = true
      where id in (select id from orders where user_id like 'daily-%' and state = 'delivered' order by id limit 3)`);
    await ctx.db.execute(sql`
      delete from orders where id in (select id from orders where user_id like 'daily-%' and state = 'cancelled' order by id limit 2)`);
    await numberedPagesMatch();
    await foldOrderDayCounts(ctx.db, today);
    await numberedPagesMatch();

    // Folds beside orders of those days written at the same time (on PostgreSQL, from other
    // connections) lose nothing.
    for (let round = 0; round < 3; round += 1) {
      await Promise.all([
        ...Array.from({ length: 6 }, (_, index) =>
          ctx.db.execute(sql`
            update orders set paid = not paid, created_at = created_at + interval '1 day'
            where id in (select id from orders where user_id like 'daily-%' order by id offset ${index * 3} limit 3)`),
        ),
        foldOrderDayCounts(ctx.db, today, 3),
        foldOrderDayCounts(ctx.db, today, 5),
      ]);
    }
    await foldOrderDayCounts(ctx.db, today);
    await numberedPagesMatch();
  });
});
