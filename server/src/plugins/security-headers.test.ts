import helmet from "helmet";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { TestContext } from "../../test/helpers.js";
import { securityHeaders } from "./security-headers.js";

vi.mock("helmet", async (importOriginal) => {
  const real = await importOriginal<typeof import("helmet")>();
  return { default: vi.fn(real.default) };
});

let ctx: TestContext;
beforeAll(async () => {
  // The test files of a worker share their modules: an earlier file may have loaded the app with
  // the real helmet. Load it afresh, so that it calls the spy above.
  vi.resetModules();
  const { createTestApp } = await import("../../test/helpers.js");
  ctx = await createTestApp({ seed: false });
});
afterAll(() => ctx.close());

describe("security headers", () => {
  it("are worked out once at start-up, not for every request", async () => {
    const callsAtStart = vi.mocked(helmet).mock.calls.length;
    expect(callsAtStart).toBeGreaterThan(0);
    const first = await ctx.app.inject({ method: "GET", url: "/robots.txt" });
    const second = await ctx.app.inject({ method: "GET", url: "/nothing-here" });
    expect(vi.mocked(helmet).mock.calls.length).toBe(callsAtStart);
    expect(first.headers["content-security-policy"]).toBe(second.headers["content-security-policy"]);
    expect(first.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  it("keep helmet's defaults beside our own sources", () => {
    const csp = securityHeaders({ payments: { provider: "test" }, googleMapsApiKey: undefined })[
      "content-security-policy"
    ];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src-attr 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(csp).not.toContain("stripe.com");
  });

  it("allow Stripe's and Google Maps' origins only when they are configured", () => {
    const csp = securityHeaders({
      payments: {
        provider: "stripe",
        secretKey: "sk",
        publishableKey: "pk",
        webhookSecret: "wh",
        apiBase: undefined,
      },
      googleMapsApiKey: "key",
    })["content-security-policy"];
    const scriptSrc = csp?.split(";").find((directive) => directive.startsWith("script-src "));
    expect(scriptSrc).toContain("https://js.stripe.com");
    expect(scriptSrc).toContain("https://*.googleapis.com");
    expect(csp).toContain("https://hooks.stripe.com");
  });
});
