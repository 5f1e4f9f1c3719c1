import { totpSecretOf } from "@agency/contract";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { authHeaders, cookieHeader, signIn, type TestAccount } from "./accounts.js";
import type { TestContext } from "./helpers.js";

/** An authenticator app: the codes of a secret, computed by the library Better Auth checks them with. */
export type Authenticator = { secret: string; code(offsetPeriods?: number): Promise<string> };

function authenticatorFor(totpURI: string): Authenticator {
  const secret = totpSecretOf(totpURI);
  if (!secret) throw new Error(`No secret in ${totpURI}`);
  const otp = createOTP(base32.decode(secret));
  return {
    secret,
    code: (offsetPeriods = 0) =>
      offsetPeriods === 0 ? otp.totp() : otp.hotp(Math.floor(Date.now() / 30_000) + offsetPeriods),
  };
}

/** A six-digit code none of the codes the app would accept now (this period and its neighbours). */
export async function wrongCode(app: Authenticator): Promise<string> {
  const accepted = new Set([await app.code(-1), await app.code(0), await app.code(1)]);
  for (let n = 0; ; n += 1) {
    const candidate = String(n).padStart(6, "0");
    if (!accepted.has(candidate)) return candidate;
  }
}

function post(ctx: TestContext, url: string, cookie: string, payload: object) {
  return ctx.app.inject({ method: "POST", url, headers: authHeaders(ctx, cookie), payload });
}

/** The cookie header after a response that may replace some of its cookies. */
export function withCookies(cookie: string, setCookie: string | string[] | undefined): string {
  const jar = new Map(
    cookie
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const),
  );
  for (const pair of cookieHeader(setCookie).split("; ").filter(Boolean)) {
    const name = pair.slice(0, pair.indexOf("="));
    if (pair.endsWith("=")) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

/**
 * Turns two-factor sign-in on as the account page does: the password, then a first code. The
 * account's cookie is replaced (turning it on renews the session).
 */
export async function turnOnTwoFactor(
  ctx: TestContext,
  account: TestAccount,
): Promise<{ app: Authenticator; backupCodes: string[] }> {
  const enabled = await post(ctx, "/api/auth/two-factor/enable", account.cookie, {
    password: account.password,
  });
  if (enabled.statusCode !== 200) throw new Error(`enable: ${enabled.statusCode} ${enabled.body}`);
  const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
  const app = authenticatorFor(totpURI);
  const verified = await post(ctx, "/api/auth/two-factor/verify-totp", account.cookie, {
    code: await app.code(),
  });
  if (verified.statusCode !== 200) throw new Error(`verify: ${verified.statusCode} ${verified.body}`);
  account.cookie = withCookies(account.cookie, verified.headers["set-cookie"]);
  return { app, backupCodes };
}

/** The password step: with two-factor sign-in on, its answer asks for a code and gives no session. */
export async function passwordStep(ctx: TestContext, account: Pick<TestAccount, "email" | "password">) {
  const response = await signIn(ctx, account.email, account.password);
  return { response, challenge: withCookies("", response.headers["set-cookie"]) };
}

/** The code step of a sign-in, with the challenge cookie the password step (or a mailed link) set. */
export function codeStep(ctx: TestContext, challenge: string, kind: "totp" | "backup-code", code: string) {
  return post(ctx, `/api/auth/two-factor/verify-${kind}`, challenge, { code });
}
