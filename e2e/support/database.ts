import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { asc } from "drizzle-orm";
import { openPglite } from "../../server/src/db/client";
import { leads } from "../../server/src/db/schema";

/**
 * The leads the running shop has stored, read from a copy of its embedded database: PGlite allows
 * one process per data directory and the server holds it. The copy is what a crash would leave
 * behind; every committed transaction is in its write-ahead log, which PGlite replays on opening.
 */
export async function storedLeads() {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set; run the journeys with npm run test:e2e.");
  const copy = await mkdtemp(path.join(os.tmpdir(), "agency-e2e-db-"));
  try {
    await cp(path.join(dataDir, "pglite"), path.join(copy, "pglite"), { recursive: true });
    const database = await openPglite(copy);
    try {
      return await database.db.select().from(leads).orderBy(asc(leads.createdAt));
    } finally {
      await database.close();
    }
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}

/** A fresh address per journey, so a check finds the lead this run stored and no other. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@visitor.test`;
}
