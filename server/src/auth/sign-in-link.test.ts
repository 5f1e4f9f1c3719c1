import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders, createAccount, lastOutboxMail, type TestAccount } from "../../test/accounts.js";
import { createTestApp, type TestContext } from "../../test/helpers.js";
import { codeStep, turnOnTwoFactor, withCookies } from "../../test/two-factor.js";
import { FAILURES_PER_ACCOUNT, FAILURES_PER_ADDRESS } from "./sign-in-limits.js";
import { SIGN_IN_LINK_FAILED } from "./sign-in-link.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
});
afterAll(() => ctx.close());

const freshAddress = "198.51.100.77";

function signInFrom(address: string, email: string, password: string) {
  return ctx.app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    headers: authHeaders(ctx),
    payload: { email, password },
    remoteAddress: address,
  });
}

/** Wrong guesses from several addresses, until the account is closed to every address. */
async function lockForEveryone(account: TestAccount) {
  const guessers = FAILURES_PER_ACCOUNT / FAILURES_PER_ADDRESS;
  for (let guesser = 0; guesser < guessers; guesser += 1) {
    for (let attempt = 0; attempt < FAILURES_PER_ADDRESS; attempt += 1) {
      await signInFrom(`203.0.113.${guesser + 1}`, account.email, `wrong-${attempt}`);
    }
  }
  const owner = await signInFrom(freshAddress, account.email, account.password);
  expect(owner.statusCode).toBe(429);
}

function askForLink(email: string, address = freshAddress) {
  return ctx.app.inject({
    method: "POST",
    url: "/api/auth/sign-in/magic-link",
    headers: authHeaders(ctx),
    payload: { email, callbackURL: "/dashboard", errorCallbackURL: SIGN_IN_LINK_FAILED },
    remoteAddress: address,
  });
}

async function mailedLinkTo(email: string): Promise<string | undefined> {
  try {
    const mail = await lastOutboxMail(ctx, email);
    return mail.subject.startsWith("Your sign-in link") ? mail.link : undefined;
  } catch {
    return undefined;
  }
}

function open(link: string, cookie?: string) {
  const url = new URL(link);
  return ctx.app.inject({
    method: "GET",
    url: `${url.pathname}${url.search}`,
    headers: cookie ? { cookie } : {},
  });
}

function sessionOf(cookie: string) {
  return ctx.app.inject({ method: "GET", url: "/api/auth/get-session", headers: { cookie } });
}

describe("the sign-in link for a locked account", () => {
  it("signs the owner in although the password is locked, once only", async () => {
    const account = await createAccount(ctx);
    await lockForEveryone(account);

    const asked = await askForLink(account.email);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ status: true });
    const link = await mailedLinkTo(account.email);
    if (!link) throw new Error("no sign-in link was mailed");

    const opened = await open(link);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe("http://localhost:3000/dashboard");
    const cookie = withCookies("", opened.headers["set-cookie"]);
    expect((await sessionOf(cookie)).json().user.email).toBe(account.email);

    const again = await open(link);
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toContain(SIGN_IN_LINK_FAILED);
    expect(withCookies("", again.headers["set-cookie"])).not.toContain("session_token");
    // The password stays locked: the link is the way in, not a way to lift the lock.
    expect((await signInFrom(freshAddress, account.email, account.password)).statusCode).toBe(429);
  });

  it("answers alike for every address, and mails only an existing account that is locked", async () => {
    const unlocked = await createAccount(ctx);
    const nobody = `nobody-${Date.now()}@example.com`;
    for (let attempt = 0; attempt < FAILURES_PER_ADDRESS; attempt += 1) {
      await signInFrom(freshAddress, nobody, `guess-${attempt}`);
    }
    const forNobody = await askForLink(nobody);
    const forUnlocked = await askForLink(unlocked.email);
    expect([forNobody.statusCode, forNobody.json()]).toEqual([200, { status: true }]);
    expect([forUnlocked.statusCode, forUnlocked.json()]).toEqual([200, { status: true }]);
    expect(await mailedLinkTo(nobody)).toBeUndefined();
    expect(await mailedLinkTo(unlocked.email)).toBeUndefined();
  });

  it("still asks an account with two-factor sign-in for its code", async () => {
    const account = await createAccount(ctx);
    const { app } = await turnOnTwoFactor(ctx, account);
    await lockForEveryone(account);
    await askForLink(account.email);
    const link = await mailedLinkTo(account.email);
    if (!link) throw new Error("no sign-in link was mailed");

    const opened = await open(link);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe("/login?two-factor=1&redirect=%2Fdashboard");
    const challenge = withCookies("", opened.headers["set-cookie"]);
    expect((await sessionOf(challenge)).json()).toBeNull();
    // The link is spent by leading to the code step.
    expect((await open(link)).headers.location).toContain(SIGN_IN_LINK_FAILED);

    const accepted = await codeStep(ctx, challenge, "totp", await app.code());
    expect(accepted.statusCode, accepted.body).toBe(200);
    const cookie = withCookies(challenge, accepted.headers["set-cookie"]);
    expect((await sessionOf(cookie)).json().user.email).toBe(account.email);
  });
});
