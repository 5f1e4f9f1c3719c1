import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/helpers.js";
import { writeWebBuild } from "../../test/web-build.js";

// What React Router writes into a page: its data, and the module that hydrates it.
const hydrationData = 'window.__reactRouterContext = {"basename":"/","isSpaMode":false};';
const loader = 'import "/assets/entry.js";\nwindow.__reactRouterRouteModules = {};';

let ctx: TestContext;
beforeAll(async () => {
  const webDir = writeWebBuild({
    pages: {
      "/": {
        title: "Home",
        head: `<script>${hydrationData}</script><script type="application/ld+json">{"@type":"Organization"}</script>`,
        body: `<script src="/assets/entry.js" type="module"></script><script type="module">${loader}</script>`,
      },
    },
  });
  ctx = await createTestApp({ env: { WEB_DIR: webDir } });
});
afterAll(() => ctx.close());

function scriptSources(policy: string | string[] | number | undefined): string[] {
  const directive = String(policy)
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith("script-src "));
  return directive?.split(/\s+/).slice(1) ?? [];
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("the Content-Security-Policy", () => {
  it("allows no script at all on API answers", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/health" });
    expect(response.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("allows a page's own inline scripts by their hashes and nothing else inline", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/" });
    expect(response.statusCode).toBe(200);
    const sources = scriptSources(response.headers["content-security-policy"]);
    expect(sources).not.toContain("'unsafe-inline'");
    expect(sources).not.toContain("'unsafe-eval'");
    const hashes = sources.filter((source) => source.startsWith("'sha256-"));
    const inline = [...response.body.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
      (match) => match[1] ?? "",
    );
    expect(inline).toHaveLength(3);
    expect(hashes.sort()).toEqual(inline.map(sha256).sort());
    expect(hashes).toContain(sha256(hydrationData));
    expect(hashes).toContain(sha256(loader));
  });

  it("sends the same hashes with the page while it is cached", async () => {
    const first = await ctx.app.inject({ method: "GET", url: "/" });
    const second = await ctx.app.inject({ method: "GET", url: "/", headers: { "if-none-match": "x" } });
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
  });
});
