import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders, createAccount, signIn } from "../../test/accounts.js";
import { createTestApp, type TestContext } from "../../test/helpers.js";
import { codeStep, passwordStep, turnOnTwoFactor, withCookies, wrongCode } from "../../test/two-factor.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
});
afterAll(() => ctx.close());

function sessionOf(cookie: string) {
  return ctx.app.inject({ method: "GET", url: "/api/auth/get-session", headers: { cookie } });
}

describe("two-factor sign-in", () => {
  it("asks for a code after the right password, and signs in only with it", async () => {
    const account = await createAccount(ctx);
    const { app } = await turnOnTwoFactor(ctx, account);
    expect((await sessionOf(account.cookie)).json().user).toMatchObject({ twoFactorEnabled: true });

    const { response, challenge } = await passwordStep(ctx, account);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    // No session yet: only the challenge.
    expect((await sessionOf(challenge)).json()).toBeNull();

    const refused = await codeStep(ctx, challenge, "totp", await wrongCode(app));
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: "INVALID_CODE" });

    const accepted = await codeStep(ctx, challenge, "totp", await app.code());
    expect(accepted.statusCode, accepted.body).toBe(200);
    const cookie = withCookies(challenge, accepted.headers["set-cookie"]);
    expect((await sessionOf(cookie)).json().user.email).toBe(account.email);
  });

  it("takes a backup code once", async () => {
    const account = await createAccount(ctx);
    const { backupCodes } = await turnOnTwoFactor(ctx, account);
    const [code] = backupCodes;
    if (!code) throw new Error("no backup codes");

    const first = await passwordStep(ctx, account);
    const used = await codeStep(ctx, first.challenge, "backup-code", code);
    expect(used.statusCode, used.body).toBe(200);
    expect(
      (await sessionOf(withCookies(first.challenge, used.headers["set-cookie"]))).json().user.email,
    ).toBe(account.email);

    const second = await passwordStep(ctx, account);
    const again = await codeStep(ctx, second.challenge, "backup-code", code);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: "INVALID_BACKUP_CODE" });
    const other = await codeStep(ctx, second.challenge, "backup-code", backupCodes[1] ?? "");
    expect(other.statusCode).toBe(200);
  });

  it("is refused without the password, and turned off with it", async () => {
    const account = await createAccount(ctx);
    const noPassword = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/two-factor/enable",
      headers: authHeaders(ctx, account.cookie),
      payload: { password: "not-the-password" },
    });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toMatchObject({ code: "INVALID_PASSWORD" });

    await turnOnTwoFactor(ctx, account);
    const off = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/two-factor/disable",
      headers: authHeaders(ctx, account.cookie),
      payload: { password: account.password },
    });
    expect(off.statusCode, off.body).toBe(200);
    const response = await signIn(ctx, account.email, account.password);
    expect(response.json()).not.toHaveProperty("twoFactorRedirect");
    expect(response.json().user.email).toBe(account.email);
  });

  it("leaves the sign-in of accounts without it as it was", async () => {
    const account = await createAccount(ctx);
    const response = await signIn(ctx, account.email, account.password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ redirect: false, user: { email: account.email } });
  });
});
