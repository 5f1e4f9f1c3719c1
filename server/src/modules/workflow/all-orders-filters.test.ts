import { AdminOrderList } from "@agency/contract";
import { describe, expect, it } from "vitest";
import { createAccount } from "../../../test/accounts.js";
import { createTestApp } from "../../../test/helpers.js";
import { placeOrder, placePaidOrder, planIds } from "../../../test/orders.js";

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
      const list = async (query: string) => {
        const response = await other.app.inject({
          method: "GET",
          url: `/api/orders?${query}`,
          headers: { cookie: otherAdmin.cookie },
        });
        expect(response.statusCode, response.body).toBe(200);
        return AdminOrderList.parse(response.json());
      };
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
});
