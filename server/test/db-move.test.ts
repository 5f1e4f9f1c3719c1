import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, max, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectPostgres, type Database } from "../src/db/client.js";
import { firstRowOf } from "../src/db/rows.js";
import { orders } from "../src/db/schema.js";
import { recordAudit, verifyAuditChain } from "../src/modules/audit/index.js";
import { moveToPostgres } from "../src/ops/move.js";
import { createAccount } from "./accounts.js";
import { createTestApp } from "./helpers.js";
import { orderDayCounts, placeOrder, planIds } from "./orders.js";
import { fillShop, type ShopPeople, shopView, startShopIn } from "./shop.js";

const server = process.env.TEST_DATABASE_URL ?? "";
const name = `agency_move_${Date.now()}_${randomBytes(4).toString("hex")}`;
const targetUrl = (() => {
  if (!server) return "";
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
})();

async function onServer(statement: string) {
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The last order number given out (a refused order may have used one past the largest kept). */
async function lastOrderNumber(db: Database): Promise<number> {
  const [row] = await db.select({ number: max(orders.number) }).from(orders);
  const sequence = await firstRowOf<{ last_value: string | number }>(
    db,
    sql`select last_value from orders_number_seq`,
  );
  return Math.max(row?.number ?? 0, Number(sequence?.last_value ?? 0));
}

let work: string;
let people: ShopPeople;
let before: Awaited<ReturnType<typeof shopView>>;
let lastNumber: number;
let auditEntries: number;

// Needs the PostgreSQL server the API suite runs on a second time (TEST_DATABASE_URL).
describe.runIf(process.env.TEST_DB === "postgres")("npm run db:move", () => {
  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), "agency-move-test-"));
    const shop = await startShopIn(work, true);
    people = await fillShop(shop);
    before = await shopView(shop, people);
    lastNumber = await lastOrderNumber(shop.db);
    auditEntries = (await verifyAuditChain(shop.db)).checked;
    await shop.close();
    await onServer(`create database "${name}"`);
  });
  afterAll(async () => {
    await onServer(`drop database if exists "${name}" with (force)`);
    await rm(work, { recursive: true, force: true });
  });

  it("copies the shop into an empty PostgreSQL database, which then shows the same and numbers on", async () => {
    const result = await moveToPostgres({ dataDir: work, databaseUrl: targetUrl });
    expect(result.rows).toBeGreaterThan(0);
    const database = connectPostgres(targetUrl);
    const shop = await createTestApp({ database, seed: false });
    try {
      expect(await shopView(shop, people)).toEqual(before);
      // The orders' day counts are rebuilt by their trigger from the orders copied, once.
      const { kept, recounted } = await orderDayCounts(shop.db);
      expect(recounted.length).toBeGreaterThan(0);
      expect(kept).toEqual(recounted);
      expect(before.ordersByWord.orders.length).toBeGreaterThan(0);
      expect(before.companiesByWord.companies.length).toBeGreaterThan(0);
      // The audit log's chain arrives whole, and goes on from its head.
      const moved = await verifyAuditChain(shop.db);
      expect(moved).toMatchObject({ ok: true, checked: auditEntries });
      await shop.db.transaction((tx) =>
        recordAudit(tx, {
          actor: { type: "system", label: "test" },
          action: "export.leads",
          subject: { type: "export" },
        }),
      );
      expect(await verifyAuditChain(shop.db)).toEqual({ ok: true, checked: auditEntries + 1 });
      const plans = await planIds(shop);
      const placed = await placeOrder(shop, await createAccount(shop), plans.premiumYearly._id);
      expect(placed.json(), placed.body).toMatchObject({ success: true });
      const after = await shopView(shop, people);
      const [newest] = await shop.db
        .select({ number: orders.number })
        .from(orders)
        .where(eq(orders.id, placed.json().insertedId));
      expect(lastNumber).toBeGreaterThan(1000);
      expect(newest?.number).toBe(lastNumber + 1);
      expect(after.allOrders.counts.total).toBe(before.allOrders.counts.total + 1);
    } finally {
      await shop.close();
    }
  });

  it("refuses a database that is not empty and changes nothing there", async () => {
    await expect(moveToPostgres({ dataDir: work, databaseUrl: targetUrl })).rejects.toThrow(
      "The PostgreSQL database is not empty",
    );
  });
});
