import { ConfigError, loadConfig } from "../config.js";
import { MoveError, moveToPostgres } from "../ops/move.js";

const usage = "Usage: npm run db:move -- postgres://user:password@host:5432/new_database";

// Stop the shop first: only one process may open the embedded database at a time.
async function run(url: string | undefined): Promise<string> {
  if (!url || !/^postgres(ql)?:\/\//.test(url)) throw new MoveError(usage);
  const config = loadConfig();
  const { tables, rows } = await moveToPostgres({
    dataDir: config.dataDir,
    databaseUrl: url,
    progress: (message) => console.log(message),
  });
  return `Copied ${rows} rows in ${tables} tables from ${config.dataDir}. Start the shop with DATABASE_URL set to that database (keep DATA_DIR for the uploaded files).`;
}

run(process.argv[2]).then(
  (message) => {
    console.log(message);
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error instanceof MoveError || error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
