import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FileStorage } from "./file-storage.js";

const keyPattern = /^[a-z0-9-]{1,100}$/;

/** Files in a folder (`DATA_DIR/uploads`), one per key, written whole before they appear. */
export function createDiskStorage(dir: string): FileStorage {
  const where = (key: string) => {
    // Keys are the shop's own uuids; anything else never reaches the file system.
    if (!keyPattern.test(key)) throw new Error(`Not a storage key: ${key}`);
    return path.join(dir, key);
  };
  return {
    kind: "disk",
    async put(key, body) {
      await mkdir(dir, { recursive: true });
      const target = where(key);
      const partial = `${target}.partial`;
      await writeFile(partial, body, { flag: "wx" });
      await rename(partial, target);
    },
    async get(key) {
      try {
        return await readFile(where(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(where(key), { force: true });
    },
  };
}
