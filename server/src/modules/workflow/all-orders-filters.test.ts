import { AdminOrderList } from "@agency/contract";
import { describe, expect, it } from "vitest";
import { createAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { placeOrder, placePaidOrder, planIds } from "../../../test/orders.js";

/** All Orders as the admin with `cookie` reads it, with `query`. */
const allOrdersOf = (app: TestContext, cookie: string) => async (query: string) => {
  const response = await app.app.inject({ method: "GET", url: `/api/orders?${query}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return AdminOrderList.parse(response.json());
};

describe("All Orders filters", () => {
  it("filters by state and finds orders by customer name, e-mail or number, a page at a time", async () => {
    const other = await createTestApp();
    try {
      const otherAdmin = await createAccount(other, { admin: true });
      const otherPlans = await planIds(other);
      const zoe = await createAccount(other, {
        name: "Zoe Quill",
        email: `zoe.quill-${Date.now()}@example.com`,
      });
      const max = await createAccount(other, { name: "Max Stone" });
      const zoeOrder = await placePaidOrder(other, zoe, otherPlans.standardMonthly._id);
      await placePaidOrder(other, zoe, otherPlans.premiumYearly._id);
      await placeOrder(other, max, otherPlans.standardMonthly._id);
      const list = allOrdersOf(other, otherAdmin.cookie);
      await other.app.inject({
        method: "POST",
        url: `/api/admin/orders/${zoeOrder}/state`,
        headers: { cookie: otherAdmin.cookie },
        payload: { state: "in_progress" },
      });

      const names = (result: AdminOrderList) => result.orders.map((order) => order.name);
      expect(names(await list("state=in_progress"))).toEqual(["Zoe Quill"]);
      expect(names(await list("state=submitted"))).toEqual(["Zoe Quill"]);
      expect(names(await list("state=unpaid"))).toEqual(["Max Stone"]);
      expect(names(await list("search=zoe.QUILL"))).toEqual(["Zoe Quill", "Zoe Quill"]);
      expect(names(await list("search=max"))).toEqual(["Max Stone"]);
      expect(names(await list("search=%25"))).toEqual([]);
      const byNumber = await list(`search=%23${(await list("state=in_progress")).orders[0]?.number}`);
      expect(byNumber.orders.map((order) => order._id)).toEqual([zoeOrder]);

      // Keyset pages under a filter: one order a page, following the cursor.
      const first = await list("search=zoe&size=1");
      expect(first.orders).toHaveLength(1);
      expect(first.counts.total).toBe(3);
      const second = await list(`search=zoe&size=1&after=${first.nextCursor}`);
      expect(second.orders).toHaveLength(1);
      expect(second.orders[0]?._id).not.toBe(first.orders[0]?._id);
      expect(second.nextCursor).toBeNull();

      const bad = await other.app.inject({
        method: "GET",
        url: "/api/orders?state=lost",
        headers: { cookie: otherAdmin.cookie },
      });
      expect(bad.statusCode).toBe(400);
    } finally {
      await other.close();
    }
  });

  it("finds the orders of an address's start, whatever the case, each once, a page at a time", async () => {
    const other = await createTestApp();
    try {
      const otherAdmin = await createAccount(other, { admin: true });
      const plans = await planIds(other);
      const stamp = Date.now();
      const people = {
        ann: await createAccount(other, { name: "Ann A", email: `ann${stamp}@shop.test` }),
        anna: await createAccount(other, { name: "Anna B", email: `anna${stamp}@shop.test` }),
        annOrg: await createAccount(other, { name: "Ann C", email: `ann${stamp}@shop.testing` }),
        annElse: await createAccount(other, { name: "Ann D", email: `ann${stamp}@other.test` }),
      };
      for (const person of Object.values(people)) await placeOrder(other, person, plans.standardMonthly._id);
      await placePaidOrder(other, people.ann, plans.premiumYearly._id);
      const list = allOrdersOf(other, otherAdmin.cookie);
      const found = async (text: string) => {
        const result = await list(`q=${encodeURIComponent(text)}`);
        return { names: result.orders.map((order) => order.name).sort(), matches: result.matches?.count };
      };

      expect(await found(`ann${stamp}@`)).toEqual({
        names: ["Ann A", "Ann A", "Ann C", "Ann D"],
        matches: 4,
      });
      expect(await found(`ANN${stamp}@Shop.Test`)).toEqual({
        names: ["Ann A", "Ann A", "Ann C"],
        matches: 3,
      });
      expect(await found(`ann${stamp}@shop.testi`)).toEqual({ names: ["Ann C"], matches: 1 });
      expect(await found(`anna${stamp}@`)).toEqual({ names: ["Anna B"], matches: 1 });
      expect(await found(`ann${stamp}@shop.tesu`)).toEqual({ names: [], matches: 0 });
      expect(await found(`nn${stamp}@`)).toEqual({ names: [], matches: 0 });

      // A page at a time: the same statement for each address, the next page from the cursor.
      const first = await list(`q=${encodeURIComponent(`ann${stamp}@shop.test`)}&size=2`);
      const second = await list(
        `q=${encodeURIComponent(`ann${stamp}@shop.test`)}&size=2&after=${first.nextCursor}`,
      );
      const paged = [...first.orders, ...second.orders].map((order) => order._id);
      expect(new Set(paged).size).toBe(3);
      expect(second.nextCursor).toBeNull();
    } finally {
      await other.close();
    }
  });
});
