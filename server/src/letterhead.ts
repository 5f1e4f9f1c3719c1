import type { Config } from "./config.js";
import type { Database } from "./db/client.js";
import { receiptSettings } from "./modules/billing/index.js";
import { logoPng } from "./modules/content/index.js";
import type { Letterhead } from "./modules/sales/index.js";
import type { FileStorage } from "./storage/storage.js";

/**
 * The letterhead of the shop's quotes and invoices: the seller receipts print (the site identity
 * and the tax ID) and the logo as a PNG, read from the uploads or the web app's files.
 */
export function documentLetterhead(
  config: Config,
  db: Database,
  storage: () => Promise<FileStorage>,
): Letterhead {
  const { seller } = receiptSettings(config, db);
  return {
    seller,
    logoPng: async (logo) => logoPng({ storage: await storage(), webDir: config.webDir }, logo),
  };
}
