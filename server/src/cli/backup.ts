import path from "node:path";
import { ConfigError, loadConfig } from "../config.js";
import { BackupError, createBackup, restoreBackup } from "../ops/backup.js";

const usage = `Usage:
  npm run backup [-- <file.tar.gz>]   archive DATA_DIR's embedded database, uploads and outbox
  npm run restore -- <file.tar.gz>    restore an archive into DATA_DIR, which must be empty`;

// With the embedded database, stop the shop first: only one process may open ./data at a time.
// A PostgreSQL installation is backed up with pg_dump (see the README's "Deploying").
/** A path as typed where `npm run` was started (npm itself runs in the project's folder). */
const fromShell = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

async function run(command: string | undefined, argument: string | undefined): Promise<string> {
  const config = loadConfig();
  const dataDir = config.dataDir;
  if (config.databaseUrl && command === "backup") {
    throw new BackupError(
      "DATABASE_URL is set: back up the PostgreSQL database with pg_dump, and DATA_DIR/uploads (or the S3 bucket) beside it.",
    );
  }
  if (command === "backup") {
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const { file } = await createBackup({
      dataDir,
      file: argument ? fromShell(argument) : path.join("backups", `agency-${stamp}.tar.gz`),
    });
    return `Backup written to ${file}`;
  }
  if (command === "restore" && argument) {
    await restoreBackup({ file: fromShell(argument), dataDir });
    return `Restored ${argument} into ${dataDir}. Start the shop with DATA_DIR=${dataDir}.`;
  }
  throw new BackupError(usage);
}

const [command, argument] = process.argv.slice(2);
run(command, argument).then(
  (message) => {
    console.log(message);
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
