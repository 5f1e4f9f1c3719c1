import { rm } from "node:fs/promises";
import path from "node:path";
import { SiteSettings } from "@agency/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { writeWebBuild } from "../../../test/web-build.js";

const socialTags = (pathname: string) =>
  [
    `<meta property="og:url" content="${pathname}"/>`,
    '<meta property="og:image" content="/images/og-image.png"/>',
    '<meta name="twitter:image" content="/images/og-image.png"/>',
    '<meta property="og:title" content="/not-a-url-field"/>',
  ].join("");

/** A built web app in miniature: the pages the sitemap and the HTML rewriting care about. */
function fakeWebApp(): string {
  return writeWebBuild({
    pages: {
      "/": { title: "Landing", head: `${socialTags("/")}<link rel="canonical" href="/"/>` },
      "/home": { title: "Landing", head: `${socialTags("/home")}<link rel="canonical" href="/"/>` },
      "/about-us": {
        title: "About",
        head: `${socialTags("/about-us")}<link rel="canonical" href="/about-us"/>`,
      },
      "/privacy__policy": { title: "Privacy", head: socialTags("/privacy__policy") },
      "/login": { title: "Login", head: '<meta name="robots" content="noindex"/>' },
      "/dashboard/my-orders": { title: "My orders" },
      "/checkout/:_id": { title: "Checkout" },
    },
    files: { "assets/app-1234.js": "console.log('app');" },
  });
}

describe("site settings and security headers", () => {
  let plain: TestContext;
  let withMap: TestContext;
  beforeAll(async () => {
    plain = await createTestApp({ seed: false });
    withMap = await createTestApp({ seed: false, env: { GOOGLE_MAPS_API_KEY: "test-browser-key" } });
  });
  afterAll(async () => {
    await plain.close();
    await withMap.close();
  });

  it("tells the browser there is no map key by default, and allows no Google origin", async () => {
    const response = await plain.app.inject({ method: "GET", url: "/api/site" });
    expect(SiteSettings.parse(response.json())).toEqual({
      googleMapsApiKey: null,
      socialSignIn: { google: false, facebook: false },
      testMode: { testTools: true, clockAheadDays: 0 },
    });
    const page = await plain.app.inject({ method: "GET", url: "/robots.txt" });
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(page.headers["content-security-policy"]).not.toContain("google");
  });

  it("hands out the configured map key and allows the Maps origins", async () => {
    const response = await withMap.app.inject({ method: "GET", url: "/api/site" });
    expect(SiteSettings.parse(response.json())).toEqual({
      googleMapsApiKey: "test-browser-key",
      socialSignIn: { google: false, facebook: false },
      testMode: { testTools: true, clockAheadDays: 0 },
    });
    // The pages' policy (a JSON answer has its own, which allows nothing).
    const page = await withMap.app.inject({ method: "GET", url: "/robots.txt" });
    const policy = String(page.headers["content-security-policy"]);
    const directive = (name: string) => policy.split(";").find((part) => part.trim().startsWith(`${name} `));
    expect(directive("script-src")).toContain("'self' https://*.googleapis.com");
    expect(directive("script-src")).not.toContain("'unsafe-inline'");
    expect(directive("connect-src")).toContain("https://*.googleapis.com");
    expect(directive("worker-src")).toContain("blob:");
    expect(directive("frame-ancestors")).toContain("'none'");
  });
});

describe("the built web app, sitemap and robots.txt", () => {
  let ctx: TestContext;
  let webDir: string;
  beforeAll(async () => {
    webDir = fakeWebApp();
    ctx = await createTestApp({
      seed: false,
      env: { WEB_DIR: webDir, PUBLIC_URL: "https://shop.example.org/" },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(path.dirname(webDir), { recursive: true, force: true });
  });

  it("serves a rendered page with absolute social and canonical URLs", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/about-us" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    const html = response.body;
    expect(html).toContain("<h1>About</h1>");
    expect(html).toContain('<meta property="og:url" content="https://shop.example.org/about-us"/>');
    expect(html).toContain(
      '<meta property="og:image" content="https://shop.example.org/images/og-image.png"/>',
    );
    expect(html).toContain(
      '<meta name="twitter:image" content="https://shop.example.org/images/og-image.png"/>',
    );
    expect(html).toContain('<link rel="canonical" href="https://shop.example.org/about-us"/>');
    expect(html).toContain('<meta property="og:title" content="/not-a-url-field"/>');
  });

  it("answers a repeated request for an unchanged page with 304", async () => {
    const first = await ctx.app.inject({ method: "GET", url: "/privacy__policy/" });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await ctx.app.inject({
      method: "GET",
      url: "/privacy__policy",
      headers: { "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("renders the not-found screen with status 404 for unknown paths, and assets with a long cache", async () => {
    const unknown = await ctx.app.inject({ method: "GET", url: "/no/such/page" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers["cache-control"]).toBe("no-cache");
    expect(unknown.body).toContain("<h1>Not found</h1>");
    const asset = await ctx.app.inject({ method: "GET", url: "/assets/app-1234.js" });
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("lists the indexable public pages in the sitemap, under the public address", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/xml; charset=utf-8");
    const locations = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual([
      "https://shop.example.org/",
      "https://shop.example.org/about-us",
      "https://shop.example.org/privacy__policy",
    ]);
  });

  it("points crawlers at the sitemap and away from the API and signed-in areas", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/robots.txt" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(response.body).toContain("User-agent: *");
    expect(response.body).toContain("Disallow: /api/");
    expect(response.body).toContain("Disallow: /dashboard");
    expect(response.body).toContain("Sitemap: https://shop.example.org/sitemap.xml");
  });
});
