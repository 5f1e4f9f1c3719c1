import { ConfigError, loadConfig } from "../config.js";
import { openDatabase } from "../db/client.js";
import { AppError } from "../errors.js";
import { runAdminCommand } from "../modules/team/index.js";

// With the embedded database, stop the shop first: only one process may open ./data at a time.
const config = loadConfig();
const database = await openDatabase(config);
let exitCode = 0;
try {
  await database.migrate();
  console.log(await runAdminCommand(database.db, process.argv.slice(2)));
} catch (error) {
  exitCode = 1;
  console.error(error instanceof AppError || error instanceof ConfigError ? error.message : error);
} finally {
  await database.close();
}
process.exit(exitCode);
