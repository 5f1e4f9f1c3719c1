import { existsSync } from "node:fs";
import path from "node:path";
import zlib, { brotliDecompressSync, gunzipSync } from "node:zlib";
import Fastify, { type LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestContext } from "../../test/helpers.js";
import { writeWebBuild } from "../../test/web-build.js";
import { preferredEncoding, registerCompression } from "./compression.js";

const filler = (line: string) => Array.from({ length: 200 }, (_, i) => `${line} ${i}`).join("\n");

/** A small web build: a home page and a screen, hashed script and stylesheet, an icon. */
const files: Record<string, string> = {
  "assets/root-Ab12Cd.js": filler("console.log('hello');"),
  "assets/root-Ef34Gh.css": filler(".card { color: red; }"),
  "logo.svg": `<svg xmlns="http://www.w3.org/2000/svg"><title>Logo</title>${filler("<rect/>")}</svg>`,
};
const homeBody = filler("<p>home</p>");

function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(response.rawPayload).toString();
  if (encoding === "gzip") return gunzipSync(response.rawPayload).toString();
  return response.body;
}

let ctx: TestContext;
let webDir: string;
beforeAll(async () => {
  webDir = writeWebBuild({
    pages: { "/": { title: "Home", body: homeBody }, "/some/screen": { title: "App" } },
    files,
  });
  ctx = await createTestApp({ env: { WEB_DIR: webDir } });
});
afterAll(() => ctx.close());

describe("compressed answers", () => {
  it("the build step writes brotli and gzip copies of text assets", () => {
    expect(existsSync(path.join(webDir, "assets/root-Ab12Cd.js.br"))).toBe(true);
    expect(existsSync(path.join(webDir, "assets/root-Ef34Gh.css.gz"))).toBe(true);
  });

  it.each(["br", "gzip"])("sends the home page (served by the web app) as %s", async (encoding) => {
    const response = await ctx.app.inject({
      method: "GET",
      url: "/",
      headers: { "accept-encoding": encoding },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe(encoding);
    expect(response.headers.vary).toContain("accept-encoding");
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(response.rawPayload.length).toBeLessThan(homeBody.length);
    expect(decoded(response)).toContain("<p>home</p> 199");
  });

  it("sends plain HTML to clients that accept no compression, and 304 for the form they hold", async () => {
    const plain = await ctx.app.inject({ method: "GET", url: "/some/screen" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toContain("accept-encoding");
    expect(plain.body).toContain("<h1>App</h1>");

    const brotli = await ctx.app.inject({ method: "GET", url: "/", headers: { "accept-encoding": "br" } });
    expect(brotli.headers.etag).not.toBe(plain.headers.etag);
    const again = await ctx.app.inject({
      method: "GET",
      url: "/",
      headers: { "accept-encoding": "br", "if-none-match": String(brotli.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it.each([
    ["/assets/root-Ab12Cd.js", "br", /javascript/],
    ["/assets/root-Ef34Gh.css", "gzip", /text\/css/],
  ])("sends the build's compressed copy of %s as %s, cached for good", async (url, encoding, type) => {
    const response = await ctx.app.inject({
      method: "GET",
      url,
      headers: { "accept-encoding": `${encoding}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe(encoding);
    expect(response.headers["content-type"]).toMatch(type);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers.vary).toContain("accept-encoding");
    expect(decoded(response)).toBe(files[url.slice(1)]);
  });

  it("sends an icon outside /assets compressed, with a short cache", async () => {
    const response = await ctx.app.inject({
      method: "GET",
      url: "/logo.svg",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/image\/svg\+xml/);
    expect(response.headers["cache-control"]).toBe("public, max-age=3600");
    expect(decoded(response)).toBe(files["logo.svg"]);
  });

  it.each(["br", "gzip"])("compresses API answers such as the services as %s", async (encoding) => {
    const response = await ctx.app.inject({
      method: "GET",
      url: "/api/services",
      headers: { "accept-encoding": encoding },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe(encoding);
    expect(response.headers.vary).toContain("accept-encoding");
    const services = JSON.parse(decoded(response)) as unknown[];
    expect(services.length).toBeGreaterThan(0);
  });

  // Two sizes: tens of KB (a page of a list at its default size), compressed in one call, and
  // hundreds of KB, compressed through a zlib stream. Each decodes to the uncompressed answer.
  it.each([
    ["br", "createBrotliCompress"],
    ["gzip", "createGzip"],
  ] as const)(
    "compresses JSON answers of 20 KB in one call and of 400 KB as a stream, as %s",
    async (encoding, streamOf) => {
      const app = Fastify();
      await registerCompression(app);
      const rows = (count: number) =>
        Array.from({ length: count }, (_, i) => ({ number: 1000 + i, name: `Customer ${i}`, state: "new" }));
      app.get("/small", async () => rows(400));
      app.get("/large", async () => rows(8000));
      const streams = vi.spyOn(zlib, streamOf);
      try {
        for (const [url, size, streamed] of [
          ["/small", 20_000, 0],
          ["/large", 400_000, 1],
        ] as const) {
          streams.mockClear();
          const plain = await app.inject({ method: "GET", url });
          const response = await app.inject({ method: "GET", url, headers: { "accept-encoding": encoding } });
          expect(plain.rawPayload.length).toBeGreaterThan(size);
          expect(response.headers["content-encoding"]).toBe(encoding);
          expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
          expect(decoded(response)).toBe(plain.body);
          expect(streams).toHaveBeenCalledTimes(streamed);
        }
      } finally {
        streams.mockRestore();
        await app.close();
      }
    },
  );
});

describe("choosing an encoding", () => {
  it.each([
    ["gzip, deflate, br", "br"],
    ["gzip, deflate", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=1, br;q=0.5", "gzip"],
    ["*", "br"],
    ["identity", undefined],
    ["gzip;q=0, br;q=0", undefined],
    [undefined, undefined],
  ])("%s gives %s", (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
