import { describe, expect, it } from "vitest";
import { findForeignWrites, partOf, serverSources } from "./table-owners.js";

const billingFile = (text: string) => [{ path: "modules/billing/payments/planted.ts", text }];
const importsOrders = `import { orders, payments as paid } from "../../../db/schema.js";\n`;

describe("the table-ownership check", () => {
  it("finds a module's Drizzle write to a table another module owns", () => {
    const found = findForeignWrites(
      billingFile(`${importsOrders}await tx.update(orders).set({ name: "x" }).where(eq(orders.id, id));`),
    );
    expect(found).toEqual([
      { file: "modules/billing/payments/planted.ts", table: "orders", owner: "orders", writer: "billing" },
    ]);
  });

  it("finds inserts and deletes, raw SQL with the table interpolated or named, and aliased imports", () => {
    const planted = [
      { path: "modules/leads/a.ts", text: `${importsOrders}await db.insert(orders).values(row);` },
      { path: "modules/leads/b.ts", text: `${importsOrders}await db.delete(orders);` },
      {
        path: "modules/leads/c.ts",
        text: `${importsOrders}await db.execute(sql\`update \${orders} set name = ''\`);`,
      },
      {
        path: "modules/leads/d.ts",
        text: "await db.execute(sql`delete from order_lines where order_id = ${id}`);",
      },
      { path: "modules/leads/e.ts", text: `${importsOrders}await db.update(paid).set({ email });` },
      { path: "auth/f.ts", text: 'await db.execute(sql`insert into "blogs" (title) values (${title})`);' },
    ];
    expect(findForeignWrites(planted).map((write) => `${write.writer} ${write.table}`)).toEqual([
      "leads orders",
      "leads orders",
      "leads orders",
      "leads order_lines",
      "leads payments",
      "auth blogs",
    ]);
  });

  it("lets the owner write its tables, and everyone read them", () => {
    const files = [
      { path: "modules/orders/planted.ts", text: `${importsOrders}await tx.update(orders).set({ name });` },
      { path: "modules/billing/read.ts", text: `${importsOrders}await db.select().from(orders);` },
    ];
    expect(findForeignWrites(files)).toEqual([]);
  });

  it("does not take words in comments or unrelated calls for statements", () => {
    const text = `${importsOrders}// We update orders set by the owner.\n/* delete from orders */\nhash.update(key);`;
    expect(findForeignWrites(billingFile(text))).toEqual([]);
  });

  it("names the part a file belongs to", () => {
    expect(partOf("modules/billing/payments/ledger.ts")).toBe("billing");
    expect(partOf("auth/session.ts")).toBe("auth");
    expect(partOf("app.ts")).toBe("app");
  });

  it("passes on the server as it is", () => {
    expect(findForeignWrites(serverSources())).toEqual([]);
  });
});
