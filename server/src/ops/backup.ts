import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import * as tar from "tar";
import { openPglite, pgliteStartParams } from "../db/client.js";

/** What a backup archive holds besides the database: folders of DATA_DIR copied as they are. */
const folders = ["uploads", "outbox"] as const;
const databaseFile = "pglite.tar.gz";
const manifestFile = "backup.json";

export class BackupError extends Error {}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/**
 * Writes one .tar.gz of an embedded-database installation: the database as PGlite dumps it (a
 * consistent copy taken through the database itself), the uploaded files and the outbox. The
 * server must be stopped: only one process may open the embedded database at a time.
 */
export async function createBackup(options: { dataDir: string; file: string }): Promise<{ file: string }> {
  const databaseDir = path.join(options.dataDir, "pglite");
  if (!(await exists(databaseDir))) {
    throw new BackupError(`No embedded database in ${options.dataDir} (expected ${databaseDir}).`);
  }
  const staging = await mkdtemp(path.join(os.tmpdir(), "agency-backup-"));
  try {
    const database = await openPglite(options.dataDir);
    try {
      // The same migrations as the server: an archive is always of the current schema.
      await database.migrate();
      if (!database.pglite) throw new BackupError("The embedded database did not open.");
      const dump = await database.pglite.dumpDataDir("gzip");
      await writeFile(path.join(staging, databaseFile), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await database.close();
    }
    const included: string[] = [];
    for (const folder of folders) {
      const source = path.join(options.dataDir, folder);
      if (await exists(source)) {
        await cp(source, path.join(staging, folder), { recursive: true });
        included.push(folder);
      }
    }
    await writeFile(
      path.join(staging, manifestFile),
      `${JSON.stringify({ format: 1, createdAt: new Date().toISOString(), database: "pglite", folders: included }, null, 2)}\n`,
    );
    const file = path.resolve(options.file);
    await mkdir(path.dirname(file), { recursive: true });
    await tar.create({ gzip: true, file, cwd: staging, portable: true }, [
      manifestFile,
      databaseFile,
      ...included,
    ]);
    return { file };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Restores an archive of `createBackup` into an empty (or new) data directory; a directory that
 * holds anything is refused, so a running shop's data is never overwritten.
 */
export async function restoreBackup(options: { file: string; dataDir: string }): Promise<void> {
  if (!(await exists(options.file))) throw new BackupError(`No backup file at ${options.file}.`);
  const dataDir = path.resolve(options.dataDir);
  if ((await exists(dataDir)) && (await readdir(dataDir)).length > 0) {
    throw new BackupError(
      `The data directory ${dataDir} is not empty: restore into an empty one (set DATA_DIR to a new folder).`,
    );
  }
  const staging = await mkdtemp(path.join(os.tmpdir(), "agency-restore-"));
  try {
    await tar.extract({ file: options.file, cwd: staging });
    const manifest = await readFile(path.join(staging, manifestFile), "utf8").then(
      (text) => JSON.parse(text) as { format?: number; folders?: string[] },
      () => undefined,
    );
    if (manifest?.format !== 1 || !(await exists(path.join(staging, databaseFile)))) {
      throw new BackupError(`${options.file} is not a backup made by npm run backup.`);
    }
    await mkdir(path.join(dataDir, "pglite"), { recursive: true });
    const dump = await readFile(path.join(staging, databaseFile));
    const database = await PGlite.create(path.join(dataDir, "pglite"), {
      loadDataDir: new Blob([dump]),
      startParams: pgliteStartParams,
    });
    await database.close();
    for (const folder of folders) {
      if (manifest.folders?.includes(folder)) {
        await cp(path.join(staging, folder), path.join(dataDir, folder), { recursive: true });
      }
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
