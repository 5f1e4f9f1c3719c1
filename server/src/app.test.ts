import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ErrorResponse } from "@agency/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../test/helpers.js";
import { loadConfig } from "./config.js";
import { services } from "./db/schema.js";
import { isSeeded, seedDemoContent } from "./db/seed.js";
import { redactTokens } from "./plugins/logging.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
});
afterAll(() => ctx.close());

describe("the application shell", () => {
  it("reports health including the database", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("answers unknown API paths with a 404 in the error shape", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(ErrorResponse.parse(response.json()).error.code).toBe("not_found");
  });

  it("sends security headers: the pages' set on pages, a JSON answer's own on the API", async () => {
    const page = await ctx.app.inject({ method: "GET", url: "/robots.txt" });
    expect(page.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    expect(page.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(page.headers["cross-origin-opener-policy"]).toBe("same-origin");

    const api = await ctx.app.inject({ method: "GET", url: "/api/health" });
    // Nothing in a JSON answer may run, load or be framed, even opened on its own.
    expect(api.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers["x-content-type-options"]).toBe("nosniff");
    expect(api.headers["x-frame-options"]).toBe("DENY");
    expect(api.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(api.headers["referrer-policy"]).toBe("no-referrer");
    expect(api.headers["cross-origin-opener-policy"]).toBeUndefined();
  });

  it("publishes an OpenAPI document generated from the contract", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(["/api/services", "/api/pricing", "/api/pricing/{id}", "/api/reviews"]),
    );
  });

  it("seeds the demo content exactly once, even after the content was emptied", async () => {
    expect(await isSeeded(ctx.db)).toBe(false);
    expect(await seedDemoContent(ctx.db)).toBe(true);
    expect(await ctx.db.$count(services)).toBe(6);
    expect(await seedDemoContent(ctx.db)).toBe(false);
    await ctx.db.delete(services);
    expect(await seedDemoContent(ctx.db)).toBe(false);
    expect(await ctx.db.$count(services)).toBe(0);
  });
});

describe("configuration", () => {
  it("fails fast with a readable message on bad values", () => {
    expect(() => loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://nope" })).toThrow(
      /PORT[\s\S]*DATABASE_URL: must start with postgres/,
    );
  });

  it("refuses to take test payments in production unless that is allowed explicitly", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/ALLOW_TEST_PAYMENTS/);
    expect(loadConfig({ NODE_ENV: "production", ALLOW_TEST_PAYMENTS: "true" }).payments).toEqual({
      provider: "test",
    });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_live_x" })).toThrow(/set all three/);
  });

  it("takes the shop's name from the site identity file unless SHOP_NAME says otherwise", () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "site-")), "site.json");
    writeFileSync(file, JSON.stringify({ name: "Acme Growth" }));
    expect(loadConfig({ SITE_CONFIG: file }).shopName).toBe("Acme Growth");
    expect(loadConfig({ SITE_CONFIG: file }).mail.sender).toEqual({
      address: "no-reply@localhost",
      name: undefined,
      fallbackName: "Acme Growth",
    });
    expect(loadConfig({ SITE_CONFIG: file, SHOP_NAME: "Acme" }).shopName).toBe("Acme");
    expect(loadConfig({ SITE_CONFIG: file, SHOP_NAME: "Acme" }).mail.sender.name).toBe("Acme");
    expect(loadConfig({ MAIL_FROM: '"Acme Billing" <billing@acme.example>' }).mail.sender).toMatchObject({
      address: "billing@acme.example",
      name: "Acme Billing",
    });
    expect(loadConfig({ MAIL_FROM: "billing@acme.example" }).mail.sender).toMatchObject({
      address: "billing@acme.example",
      name: undefined,
    });
    writeFileSync(file, "{ not json");
    expect(() => loadConfig({ SITE_CONFIG: file })).toThrow(/site\.json/);
  });

  it("trusts a proxy by hop count or address, never every hop", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8" }).trustProxy).toBe("10.0.0.0/8");
  });

  it("keeps one-time tokens out of logged addresses", () => {
    expect(redactTokens("/api/auth/verify-email?token=abc.def&callbackURL=%2F")).toBe(
      "/api/auth/verify-email?token=[redacted]&callbackURL=%2F",
    );
    expect(redactTokens("/api/auth/reset-password/xyz?callbackURL=%2Freset")).toBe(
      "/api/auth/reset-password/[redacted]?callbackURL=%2Freset",
    );
  });

  it("uses the documented defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, seedDemo: true, databaseUrl: undefined });
    expect(config.dataDir).toMatch(/data$/);
    expect(config.publicUrl).toBe("http://localhost:3000");
  });
});
