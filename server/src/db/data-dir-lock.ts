import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { ConfigError } from "../config-error.js";

/** The file that says which process has the embedded database open. */
export const lockFileOf = (dataDir: string) => path.join(dataDir, "pglite.pid");

/** The data directories this process holds. */
const held = new Set<string>();

const inUse = (dataDir: string, holder: number) =>
  new ConfigError(
    `The embedded database in ${dataDir} is open in another process (pid ${holder}): stop it first. Only one process can open it at a time; several need PostgreSQL (DATABASE_URL).`,
  );

/** True when a process with this id is running (one of another user's counts). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes the embedded database in `dataDir` for this process: two processes writing its files at
 * once would damage them (nor may this process open it twice). A lock left by a process that no
 * longer runs (or by this process's id after a restart, as in a container) is taken over. Answers the function that gives it back.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = lockFileOf(dataDir);
  const key = path.resolve(dataDir);
  if (held.has(key)) throw inUse(dataDir, process.pid);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await writeFile(file, `${process.pid}\n`, { flag: "wx" });
      held.add(key);
      return async () => {
        held.delete(key);
        await rm(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = Number.parseInt(await readFile(file, "utf8").catch(() => ""), 10);
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder)) {
      throw inUse(dataDir, holder);
    }
    await rm(file, { force: true });
  }
  throw new ConfigError(`The embedded database in ${dataDir} could not be locked for this process.`);
}
