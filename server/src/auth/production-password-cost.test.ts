import { scrypt } from "node:crypto";
import { verifyPassword } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { signIn, signUp, verifyByMail } from "../../test/accounts.js";
import { createTestApp, type TestContext } from "../../test/helpers.js";
import { account, user } from "../db/schema.js";

// The API tests hash passwords cheaply (test/quick-password-hashing.ts); the shop itself must keep
// Better Auth's scrypt at its full cost. main.ts builds the app without a password hashing option,
// as `productionPasswordHashing` does here.

/** Better Auth's scrypt parameters (@better-auth/utils/password), ~90 ms a hash on a server core. */
const productionCost = { N: 16384, r: 16, p: 1, maxmem: 128 * 16384 * 16 * 2 };

function scryptKey(password: string, salt: string, cost: typeof productionCost): Promise<string> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, 64, cost, (error, key) =>
      error ? reject(error) : resolve(key.toString("hex")),
    );
  });
}

async function storedHash(ctx: TestContext, email: string): Promise<string> {
  const [row] = await ctx.db
    .select({ password: account.password })
    .from(account)
    .innerJoin(user, eq(user.id, account.userId))
    .where(and(eq(user.email, email), eq(account.providerId, "credential")));
  if (!row?.password) throw new Error(`No password stored for ${email}`);
  return row.password;
}

describe("password hashing", () => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  it("stores Better Auth's scrypt hash at the production cost when built as production builds it", async () => {
    ctx = await createTestApp({ seed: false, productionPasswordHashing: true });
    const created = await signUp(ctx, { password: "a-long-enough-secret" });
    const hash = await storedHash(ctx, created.email);

    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    const [salt = "", key] = hash.split(":");
    expect(await scryptKey("a-long-enough-secret", salt, productionCost)).toBe(key);
    expect(await verifyPassword({ hash, password: "a-long-enough-secret" })).toBe(true);

    await verifyByMail(ctx, created.email);
    expect((await signIn(ctx, created.email, "a-long-enough-secret")).statusCode).toBe(200);
    expect((await signIn(ctx, created.email, "not-the-secret-at-all")).statusCode).toBe(401);
  });

  it("uses the cheap hash only in the tests' app, where sign-up and sign-in still check the password", async () => {
    ctx = await createTestApp({ seed: false });
    const created = await signUp(ctx, { password: "a-long-enough-secret" });
    const hash = await storedHash(ctx, created.email);

    const [salt = "", key] = hash.split(":");
    expect(key).toMatch(/^[0-9a-f]{128}$/);
    expect(await scryptKey("a-long-enough-secret", salt, productionCost)).not.toBe(key);

    await verifyByMail(ctx, created.email);
    expect((await signIn(ctx, created.email, "a-long-enough-secret")).statusCode).toBe(200);
    expect((await signIn(ctx, created.email, "not-the-secret-at-all")).statusCode).toBe(401);
  });
});
