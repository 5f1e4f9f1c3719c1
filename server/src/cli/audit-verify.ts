import { ConfigError, loadConfig } from "../config.js";
import { openDatabase } from "../db/client.js";
import { describeVerification, verifyAuditChain } from "../modules/audit/index.js";

/**
 * `npm run audit:verify`: walks the audit log's hash chain on the database the shop uses
 * (DATABASE_URL, or the embedded one in DATA_DIR). Exits 0 when it is intact, 1 naming the first
 * row that was changed, removed or added by hand. With the embedded database, stop the shop
 * first: only one process may open ./data at a time.
 */
async function run(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const result = await verifyAuditChain(database.db);
    if (result.ok) console.log(describeVerification(result));
    else console.error(describeVerification(result));
    return result.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
