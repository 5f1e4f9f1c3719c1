import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders, createAccount, lastOutboxMail, signIn, signUp } from "../../test/accounts.js";
import { createTestApp, type TestContext } from "../../test/helpers.js";
import { loadConfig, publicUrlAdvice } from "../config.js";

function signUpFrom(ctx: TestContext, origin: string, email: string) {
  return ctx.app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    headers: { origin },
    payload: {
      email,
      password: "secret-password",
      name: "Loopback Visitor",
      callbackURL: "/login?verified=1",
    },
  });
}

describe("origins without PUBLIC_URL", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { PUBLIC_URL: undefined, PORT: "4321" } });
  });
  afterAll(() => ctx.close());

  it("accepts sign-up from every loopback address of the port", async () => {
    for (const [index, origin] of [
      "http://127.0.0.1:4321",
      "http://localhost:4321",
      "http://[::1]:4321",
    ].entries()) {
      const response = await signUpFrom(ctx, origin, `loopback${index}@example.com`);
      expect(response.statusCode, origin).toBe(200);
    }
  });

  it("refuses an address nobody configured with Better Auth's INVALID_ORIGIN", async () => {
    const response = await signUpFrom(ctx, "http://192.168.1.50:4321", "lan@example.com");
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "INVALID_ORIGIN" });
    const otherPort = await signUpFrom(ctx, "http://127.0.0.1:9999", "other-port@example.com");
    expect(otherPort.statusCode).toBe(403);
  });
});

describe("PUBLIC_URL and the start-up advice", () => {
  const interfaces = {
    lo: [{ address: "127.0.0.1", family: "IPv4", internal: true }],
    eth0: [{ address: "192.168.1.20", family: "IPv4", internal: false }],
  } as unknown as Parameters<typeof publicUrlAdvice>[2];

  it("names the LAN address to set when the server listens beyond loopback", () => {
    expect(publicUrlAdvice("0.0.0.0", 3000, interfaces)).toContain("PUBLIC_URL=http://192.168.1.20:3000");
    expect(publicUrlAdvice("127.0.0.1", 3000, interfaces)).toBeUndefined();
    expect(loadConfig({ HOST: "0.0.0.0" }).publicUrlAdvice).toMatch(/set PUBLIC_URL/);
    expect(
      loadConfig({ HOST: "0.0.0.0", PUBLIC_URL: "https://shop.example" }).publicUrlAdvice,
    ).toBeUndefined();
  });

  it("trusts the loopback addresses only while PUBLIC_URL is unset", () => {
    expect(loadConfig({ PORT: "8080" }).auth.trustedOrigins).toEqual([
      "http://localhost:8080",
      "http://127.0.0.1:8080",
      "http://[::1]:8080",
    ]);
    expect(
      loadConfig({ PUBLIC_URL: "https://shop.example", TRUSTED_ORIGINS: "http://localhost:5173/" }).auth
        .trustedOrigins,
    ).toEqual(["http://localhost:5173"]);
  });
});

describe("confirmation links", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  async function landing(link: string) {
    const url = new URL(link);
    const response = await ctx.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
    return response.headers.location;
  }

  it("the link re-sent at login lands on the login page with the confirmed message", async () => {
    const account = await signUp(ctx);
    const refused = await signIn(ctx, account.email, account.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "EMAIL_NOT_VERIFIED" });
    const resent = await lastOutboxMail(ctx, account.email);
    expect(new URL(resent.link).searchParams.get("callbackURL")).toBe("/login?verified=1");
    expect(await landing(resent.link)).toBe("/login?verified=1");
    expect((await signIn(ctx, account.email, account.password)).statusCode).toBe(200);
  });

  it("keeps the page the sign-up form asked for", async () => {
    const email = `with-redirect-${Date.now()}@example.com`;
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: authHeaders(ctx),
      payload: {
        email,
        password: "secret-password",
        name: "Redirected",
        callbackURL: "/login?redirect=%2Fcheckout&verified=1",
      },
    });
    expect(response.statusCode).toBe(200);
    const mail = await lastOutboxMail(ctx, email);
    expect(await landing(mail.link)).toBe("/login?redirect=%2Fcheckout&verified=1");
  });
});

describe("rate limits", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "3", AUTH_RATE_LIMIT_WINDOW: "600" } });
  });
  afterAll(() => ctx.close());

  it("never limits session reads: 500 checks from one address keep the customer signed in", async () => {
    const customer = await createAccount(ctx);
    const statuses = new Set<number>();
    let signedIn = 0;
    for (let check = 0; check < 500; check += 1) {
      const response = await ctx.app.inject({
        method: "GET",
        url: "/api/auth/get-session",
        headers: { cookie: customer.cookie },
      });
      statuses.add(response.statusCode);
      if (response.json()?.user?.email === customer.email) signedIn += 1;
    }
    expect([...statuses]).toEqual([200]);
    expect(signedIn).toBe(500);
  }, 120_000);

  it("limits the e-mail confirmation route with AUTH_RATE_LIMIT_MAX", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await ctx.app.inject({
        method: "GET",
        url: `/api/auth/verify-email?token=not-a-token-${attempt}`,
        remoteAddress: "198.51.100.7",
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });

  it("limits confirmation e-mails asked for again", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/send-verification-email",
        headers: authHeaders(ctx),
        payload: { email: "someone@example.com" },
        remoteAddress: "198.51.100.8",
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
  });
});
