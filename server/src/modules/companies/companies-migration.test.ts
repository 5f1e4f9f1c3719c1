import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseBefore, type Query } from "../../../test/migration-step.js";

// Written as the shop wrote them before companies: three customers (one with a blank name), a
// member of the team who bought something too, their orders, payments and receipts.
const before = `
insert into "user" (id, name, email, role) values
  ('ann', 'Ann Archer', 'ann@example.test', null),
  ('bob', 'Bob Baker', 'bob@example.test', null),
  ('cy', ' ', 'cy@example.test', null),
  ('tess', 'Tess Team', 'tess@agency.test', 'staff');
insert into orders (id, user_id, email, name, service, service_duration, price_cents, phone, paid) values
  ('00000000-0000-4000-8000-000000000001', 'ann', 'ann@example.test', 'Ann Archer', 'SEO', 'monthly', 5000, '1', true),
  ('00000000-0000-4000-8000-000000000002', 'ann', 'ann@example.test', 'Ann Archer', 'Ads', 'one-time', 9000, '1', false),
  ('00000000-0000-4000-8000-000000000003', 'bob', 'bob@example.test', 'Bob Baker', 'SEO', 'monthly', 5000, '2', true),
  ('00000000-0000-4000-8000-000000000004', 'tess', 'tess@agency.test', 'Tess Team', 'SEO', 'monthly', 5000, '3', true);
insert into payments (id, order_id, user_id, email, provider, transaction_id, amount_cents, payment_time) values
  ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000001', 'ann', 'ann@example.test', 'test', 't1', 5000, now()),
  ('00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-000000000003', 'bob', 'bob@example.test', 'test', 't2', 5000, now()),
  ('00000000-0000-4000-8000-0000000000a3', '00000000-0000-4000-8000-000000000004', 'tess', 'tess@agency.test', 'test', 't3', 5000, now());
insert into receipts (number, year, sequence, payment_id, order_id, order_number, user_id, customer_name,
  customer_email, service, service_duration, list_price_cents, amount_cents, tax_cents, tax_rate_basis_points,
  currency, provider, transaction_id, paid_at, seller)
select 'R-' || p.transaction_id, 2026, row_number() over (order by p.transaction_id), p.id, p.order_id, o.number,
  p.user_id, o.name, o.email, o.service, o.service_duration, 5000, 5000, 0, 0, 'usd', 'test', p.transaction_id,
  now(), '{}'::jsonb
from payments p join orders o on o.id = p.order_id;
`;

/** Per person: their orders, payments and receipts, and (after) those of the company they are in. */
const perPerson = `
select u.id,
  (select count(*)::int from orders o where o.user_id = u.id) as orders,
  (select count(*)::int from payments p where p.user_id = u.id) as payments,
  (select count(*)::int from receipts r where r.user_id = u.id) as receipts
from "user" u order by u.id`;

const perCompany = `
select u.id, c.name, c.billing_email as "billingEmail", u.company_role as role,
  (select count(*)::int from orders o where o.company_id = c.id) as orders,
  (select count(*)::int from payments p join orders o on o.id = p.order_id where o.company_id = c.id) as payments,
  (select count(*)::int from receipts r join orders o on o.id = r.order_id where o.company_id = c.id) as receipts,
  (select count(*)::int from "user" m where m.company_id = c.id) as people
from "user" u join companies c on c.id = u.company_id order by u.id`;

let step: Awaited<ReturnType<typeof databaseBefore>>;
let query: Query;

beforeAll(async () => {
  step = await databaseBefore("0046_client_companies");
  query = step.query;
}, 60_000);
afterAll(() => step?.close());

describe("the migration to client companies", () => {
  it("makes every customer a company of one, its Admin, with the same orders, payments and receipts", async () => {
    await query(before);
    const counted = await query<{ id: string; orders: number; payments: number; receipts: number }>(
      perPerson,
    );
    const totals = `select (select count(*)::int from orders) as orders, (select count(*)::int from payments) as payments,
      (select count(*)::int from receipts) as receipts`;
    const [totalBefore] = await query(totals);

    await step.next();

    expect(await query(totals)).toEqual([totalBefore]);
    const customers = counted.filter((person) => person.id !== "tess");
    expect(await query(perCompany)).toEqual(
      customers.map((person) => ({
        id: person.id,
        name: { ann: "Ann Archer", bob: "Bob Baker", cy: "cy@example.test" }[person.id],
        billingEmail: `${person.id}@example.test`,
        role: "admin",
        orders: person.orders,
        payments: person.payments,
        receipts: person.receipts,
        people: 1,
      })),
    );
    expect(customers.map((person) => person.orders)).toEqual([2, 1, 0]);
    // The member of the team is in no company; their own order stays theirs alone.
    expect(await query(`select company_id, company_role from "user" where id = 'tess'`)).toEqual([
      { company_id: null, company_role: null },
    ]);
    expect(await query(`select count(*)::int as n from orders where company_id is null`)).toEqual([{ n: 1 }]);
    expect(await query(`select count(*)::int as n from companies`)).toEqual([{ n: 3 }]);
  });
});
