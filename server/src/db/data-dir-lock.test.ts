import { readFile, rm, writeFile } from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import { migratedDataDir } from "../../test/pglite-pool.js";
import { openPglite } from "./client.js";
import { lockFileOf } from "./data-dir-lock.js";

const dirs: string[] = [];
async function dataDir() {
  const dir = await migratedDataDir("agency-lock-");
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe("the embedded database's data directory", () => {
  it("is held by the process that opened it, refused to a second opening, and free again once closed", {
    timeout: 60_000,
  }, async () => {
    const dir = await dataDir();
    const first = await openPglite(dir);
    expect((await readFile(lockFileOf(dir), "utf8")).trim()).toBe(String(process.pid));
    await expect(openPglite(dir)).rejects.toThrow(/is open in another process .* stop it first/);
    await first.close();
    await expect(readFile(lockFileOf(dir), "utf8")).rejects.toThrow();
    const again = await openPglite(dir);
    await again.close();
  });

  it("is refused while another running process holds it", async () => {
    const dir = await dataDir();
    // The test runner's parent process is running, as a shop holding the directory would be.
    await writeFile(lockFileOf(dir), `${process.ppid}\n`);
    await expect(openPglite(dir)).rejects.toThrow(
      `The embedded database in ${dir} is open in another process (pid ${process.ppid}): stop it first.`,
    );
    expect((await readFile(lockFileOf(dir), "utf8")).trim()).toBe(String(process.ppid));
  });

  it("is taken over from a process that stopped without giving it back", { timeout: 60_000 }, async () => {
    const dir = await dataDir();
    // Process ids stay below 2^22 on Linux: this one is not running.
    await writeFile(lockFileOf(dir), "4194305\n");
    const handle = await openPglite(dir);
    expect((await readFile(lockFileOf(dir), "utf8")).trim()).toBe(String(process.pid));
    await handle.close();
  });
});
