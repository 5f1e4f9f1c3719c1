import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders, cookieHeader } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { signInAtProvider, startOidcProvider } from "../../../test/oidc-provider.js";

describe("Google sign-in (OpenID Connect) against a local provider", () => {
  let ctx: TestContext;
  let provider: Awaited<ReturnType<typeof startOidcProvider>>;

  beforeAll(async () => {
    provider = await startOidcProvider({
      clientId: "shop",
      clientSecret: "shop-secret",
      redirectUri: "http://localhost:3000/api/auth/callback/google",
    });
    ctx = await createTestApp({
      env: {
        GOOGLE_CLIENT_ID: "shop",
        GOOGLE_CLIENT_SECRET: "shop-secret",
        GOOGLE_DISCOVERY_URL: provider.discoveryUrl,
      },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await provider.close();
  });

  it("reports which social sign-ins are configured", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/sign-in-options" });
    expect(response.json()).toEqual({ google: true, facebook: false });
  });

  it("signs a new customer in and creates the account", async () => {
    const start = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/social",
      headers: authHeaders(ctx),
      payload: { provider: "google", callbackURL: "/dashboard" },
    });
    expect(start.statusCode).toBe(200);
    const stateCookie = cookieHeader(start.headers["set-cookie"]);
    const callback = await signInAtProvider(
      start.json().url,
      "oidc.customer@example.com",
      "http://localhost:3000/api/auth/callback/google",
    );
    const finished = await ctx.app.inject({
      method: "GET",
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: stateCookie },
    });
    expect(finished.statusCode).toBe(302);
    expect(finished.headers.location).toBe("/dashboard");
    const session = await ctx.app.inject({
      method: "GET",
      url: "/api/auth/get-session",
      headers: { cookie: cookieHeader(finished.headers["set-cookie"]) },
    });
    expect(session.json().user).toMatchObject({ email: "oidc.customer@example.com", emailVerified: true });
  });
});
