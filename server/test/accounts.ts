import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { user } from "../src/db/schema.js";
import type { TestContext } from "./helpers.js";

let counter = 0;

export type TestAccount = { email: string; password: string; name: string; cookie: string; id: string };

/** Better Auth accepts state-changing calls only from the shop's own origin. */
export function authHeaders(ctx: TestContext, cookie?: string): Record<string, string> {
  return { origin: ctx.config.publicUrl, ...(cookie ? { cookie } : {}) };
}

export function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((value) => value.split(";")[0]).join("; ");
}

/** The newest mail in the outbox sent to this address. */
export async function lastOutboxMail(
  ctx: TestContext,
  to: string,
): Promise<{ subject: string; link: string }> {
  const files = (await readdir(ctx.config.mail.outboxDir)).filter((file) => file.endsWith(".json")).sort();
  for (const file of files.reverse()) {
    const mail = JSON.parse(await readFile(path.join(ctx.config.mail.outboxDir, file), "utf8"));
    if (mail.to === to) return mail;
  }
  throw new Error(`No mail to ${to} in the outbox`);
}

export async function signUp(
  ctx: TestContext,
  overrides: Partial<{ email: string; password: string; name: string }> = {},
) {
  counter += 1;
  const account = {
    email: overrides.email ?? `customer${counter}-${Date.now()}@example.com`,
    password: overrides.password ?? "secret-password",
    name: overrides.name ?? `Customer ${counter}`,
  };
  const response = await ctx.app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    headers: authHeaders(ctx),
    payload: account,
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return account;
}

export async function verifyByMail(ctx: TestContext, email: string) {
  const mail = await lastOutboxMail(ctx, email);
  const url = new URL(mail.link);
  const response = await ctx.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
  if (response.statusCode >= 400)
    throw new Error(`verification failed: ${response.statusCode} ${response.body}`);
  return response;
}

export async function signIn(ctx: TestContext, email: string, password: string) {
  return ctx.app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    headers: authHeaders(ctx),
    payload: { email, password },
  });
}

/** A verified, signed-in customer (or admin), ready to call the API with its cookie. */
export async function createAccount(
  ctx: TestContext,
  options: Partial<{
    email: string;
    password: string;
    name: string;
    admin: boolean;
    /** A team role ("owner", "admin", "staff" or a custom role's id), with a custom role's permissions. */
    role: string;
    permissions: string;
  }> = {},
): Promise<TestAccount> {
  const account = await signUp(ctx, options);
  await verifyByMail(ctx, account.email);
  const role = options.role ?? (options.admin ? "admin" : undefined);
  if (role) {
    await ctx.db
      .update(user)
      .set({ role, permissions: options.permissions ?? null })
      .where(eq(user.email, account.email));
  }
  const response = await signIn(ctx, account.email, account.password);
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const [row] = await ctx.db.select({ id: user.id }).from(user).where(eq(user.email, account.email));
  return { ...account, id: row?.id ?? "", cookie: cookieHeader(response.headers["set-cookie"]) };
}
