import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { byHand, recordAdminWork, verifyChain } from "../../../test/audit-log.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { migratedDataDir } from "../../../test/pglite-pool.js";
import { type Database, openPglite } from "../../db/client.js";
import { auditLog, user } from "../../db/schema.js";
import { setAdminRole } from "../team/index.js";
import { recordAudit } from "./record.js";
import { verifyAuditChain } from "./verify.js";

let ctx: TestContext;
let admin: TestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  // The owner: only the owner makes someone an Admin.
  admin = await createAccount(ctx, { role: "owner" });
  await recordAdminWork(ctx, admin, await createAccount(ctx));
});
afterAll(() => ctx.close());

const verify = () => verifyChain(ctx, admin);

describe("the chain", () => {
  it("is append-only in the database: updates, deletes and truncation are refused", async () => {
    await expect(ctx.db.execute(sql`update audit_log set action = 'nothing' where id = 1`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`delete from audit_log where id = 1`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`update audit_head set last_id = 1`)).rejects.toThrow();
    await expect(
      ctx.db.execute(sql`insert into audit_log (id, at, actor_type, action, subject_type, prev_hash, hash)
        values (1000000, now(), 'system', 'user.role_changed', 'user', 'x', 'y')`),
    ).rejects.toThrow();
    expect((await verify()).ok).toBe(true);
  });

  it("names a row changed by hand, and is whole again once it is put back", async () => {
    const [row] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, "plan.price_changed"));
    if (!row) throw new Error("no row");
    await byHand(
      ctx.db,
      sql`update audit_log set after = jsonb_set(after, '{newPrice}', '1') where id = ${row.id}`,
    );
    expect(await verify()).toMatchObject({
      ok: false,
      checked: row.id - 1,
      firstBadRow: row.id,
      reason: `Audit row ${row.id} was changed: its hash does not match its contents.`,
    });
    await byHand(
      ctx.db,
      sql`update audit_log set after = ${JSON.stringify(row.after)}::jsonb where id = ${row.id}`,
    );
    expect((await verify()).ok).toBe(true);
  });

  it("names a row whose hash was recomputed after a change, by the row that no longer chains from it", async () => {
    const [row] = await ctx.db.select().from(auditLog).where(eq(auditLog.id, 2));
    if (!row) throw new Error("no row");
    await byHand(ctx.db, sql`update audit_log set hash = ${"f".repeat(64)} where id = 2`);
    expect(await verify()).toMatchObject({ ok: false, firstBadRow: 2 });
    await byHand(ctx.db, sql`update audit_log set hash = ${row.hash} where id = 2`);
  });

  it("names a removed row by the gap it leaves, and a removed last row by the head", async () => {
    const rows = await ctx.db.select().from(auditLog).orderBy(asc(auditLog.id));
    const middle = rows[3];
    const last = rows.at(-1);
    if (!middle || !last) throw new Error("no rows");
    await byHand(ctx.db, sql`delete from audit_log where id = ${middle.id}`);
    expect(await verify()).toMatchObject({
      ok: false,
      firstBadRow: middle.id,
      reason: `Audit row ${middle.id} is missing: row ${middle.id + 1} follows row ${middle.id - 1}.`,
    });
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.insert(auditLog).values(middle);
    });
    expect((await verify()).ok).toBe(true);

    await byHand(ctx.db, sql`delete from audit_log where id = ${last.id}`);
    expect(await verify()).toMatchObject({ ok: false, firstBadRow: last.id });
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.insert(auditLog).values(last);
    });
    expect((await verify()).ok).toBe(true);
  });

  it("stays one unbroken chain when twenty role changes race", async () => {
    const emails = Array.from({ length: 20 }, (_, index) => `racer${index}-${randomUUID()}@example.com`);
    await ctx.db.insert(user).values(emails.map((email) => ({ id: randomUUID(), name: "Racer", email })));
    const before = (await verify()).checked;
    const actor = { type: "admin" as const, id: admin.id, email: admin.email };
    await Promise.all(emails.map((email) => setAdminRole(ctx.db, actor, email, true)));
    const result = await verify();
    expect(result).toEqual({ ok: true, checked: before + 20 });
  });

  it("is appended to only inside a transaction", async () => {
    await expect(
      recordAudit(ctx.db, {
        actor: { type: "system", label: "test" },
        action: "export.leads",
        subject: { type: "export" },
      }),
    ).rejects.toThrow(/inside the transaction/);
  });
});

const serverDir = fileURLToPath(new URL("../../..", import.meta.url));

/** `npm run audit:verify` as a person runs it, against the database in `env`. */
function runVerifyCommand(env: Record<string, string>): Promise<{ code: number; output: string }> {
  const tsx = path.join(serverDir, "..", "node_modules", ".bin", "tsx");
  return new Promise((resolve) => {
    execFile(
      tsx,
      ["--conditions=source", "src/cli/audit-verify.ts"],
      { cwd: serverDir, env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "silent", ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` });
      },
    );
  });
}

describe("npm run audit:verify", () => {
  it("says the log is intact, and fails naming the row changed by hand", { timeout: 120_000 }, async () => {
    // On PostgreSQL the command opens this file's database; the embedded database belongs to one
    // process, so there the log is written in a data directory of its own, closed, then opened by it.
    const dataDir = ctx.databaseUrl ? undefined : await migratedDataDir("agency-audit-cli-");
    const env: Record<string, string> = ctx.databaseUrl
      ? { DATABASE_URL: ctx.databaseUrl }
      : { DATA_DIR: dataDir ?? "" };
    /** Runs `use` on the command's database, closing the embedded one afterwards. */
    async function onTheDatabase<T>(use: (db: Database) => Promise<T>): Promise<T> {
      if (!dataDir) return use(ctx.db);
      const handle = await openPglite(dataDir);
      try {
        return await use(handle.db);
      } finally {
        await handle.close();
      }
    }
    try {
      const { checked, label } = await onTheDatabase(async (db) => {
        if (dataDir) {
          for (const name of ["first", "second", "third"]) {
            await db.transaction((tx) =>
              recordAudit(tx, {
                actor: { type: "system", label: name },
                action: "export.leads",
                subject: { type: "export", label: "leads" },
                after: { rows: 1 },
              }),
            );
          }
        }
        const [row] = await db.select().from(auditLog).where(eq(auditLog.id, 2));
        await byHand(db, sql`update audit_log set actor_label = 'someone else' where id = 2`);
        return { checked: (await verifyAuditChain(db)).checked, label: row?.actorLabel ?? null };
      });
      expect(checked).toBe(1);

      const broken = await runVerifyCommand(env);
      expect(broken.output).toContain("Audit row 2 was changed: its hash does not match its contents.");
      expect(broken.code).toBe(1);

      const total = await onTheDatabase(async (db) => {
        await byHand(db, sql`update audit_log set actor_label = ${label} where id = 2`);
        return (await verifyAuditChain(db)).checked;
      });
      const intact = await runVerifyCommand(env);
      expect(intact.output).toContain(`Audit log intact: ${total} entries checked.`);
      expect(intact.code).toBe(0);
    } finally {
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    }
  });
});
