import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillShop, type ShopPeople, shopView, startShopIn } from "../../test/shop.js";
import { createBackup, restoreBackup } from "./backup.js";

const upload = Buffer.from("%PDF-1.4 the customer's brief\n");
let work: string;
let people: ShopPeople;
let before: Awaited<ReturnType<typeof shopView>>;
let archive: string;

// The embedded database's backup; PostgreSQL installations use pg_dump (README).
describe.skipIf(process.env.TEST_DB === "postgres")("npm run backup and npm run restore", () => {
  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), "agency-backup-test-"));
    const original = path.join(work, "data");
    const shop = await startShopIn(original, true);
    people = await fillShop(shop);
    before = await shopView(shop, people);
    await shop.close();
    await mkdir(path.join(original, "uploads", "order-1"), { recursive: true });
    await writeFile(path.join(original, "uploads", "order-1", "brief.pdf"), upload);
    archive = path.join(work, "backups", "shop.tar.gz");
    await createBackup({ dataDir: original, file: archive });
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  it("refuses to restore into a data directory that holds anything", async () => {
    const used = path.join(work, "used");
    await mkdir(used);
    await writeFile(path.join(used, "keep.txt"), "mine");
    await expect(restoreBackup({ file: archive, dataDir: used })).rejects.toThrow(
      `The data directory ${used} is not empty: restore into an empty one`,
    );
    expect(await readFile(path.join(used, "keep.txt"), "utf8")).toBe("mine");
  });

  it("refuses a file that is not a backup", async () => {
    const other = path.join(work, "other.tar.gz");
    await writeFile(other, "not an archive");
    await expect(restoreBackup({ file: other, dataDir: path.join(work, "never") })).rejects.toThrow();
  });

  it("restores into a new data directory a shop that shows the same orders, payments, receipts and files", async () => {
    const restored = path.join(work, "restored");
    await restoreBackup({ file: archive, dataDir: restored });
    expect(await readFile(path.join(restored, "uploads", "order-1", "brief.pdf"))).toEqual(upload);
    const shop = await startShopIn(restored, false);
    try {
      const after = await shopView(shop, people);
      expect(after).toEqual(before);
      expect(after.myReceipts).toHaveLength(2);
      expect(after.myPayments).toHaveLength(2);
    } finally {
      await shop.close();
    }
  });
});
