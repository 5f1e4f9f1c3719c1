import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import path from "node:path";
import { contentMessages, defaultPageTexts, type PageTexts, type SiteContent } from "@agency/contract";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { multipartFile } from "../../../test/files.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { writeWebBuild } from "../../../test/web-build.js";

let ctx: TestContext;
let admin: TestAccount;
let customer: TestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, { admin: true });
  customer = await createAccount(ctx);
});
afterAll(() => ctx.close());

async function publicContent(): Promise<SiteContent> {
  const response = await ctx.app.inject({ method: "GET", url: "/api/site/content" });
  expect(response.statusCode).toBe(200);
  return response.json();
}

function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#2a6" } })
    .png()
    .toBuffer();
}

function upload(account: TestAccount | undefined, kind: string, file: Parameters<typeof multipartFile>[0]) {
  const { body, contentType } = multipartFile(file);
  return ctx.app.inject({
    method: "POST",
    url: `/api/admin/images?kind=${kind}`,
    headers: { "content-type": contentType, ...(account ? { cookie: account.cookie } : {}) },
    payload: body,
  });
}

describe("the site content", () => {
  it("starts from the site identity file and the built-in page texts", async () => {
    const content = await publicContent();
    expect(content.site).toEqual(ctx.config.site);
    expect(content.texts).toEqual(defaultPageTexts);
  });

  it("lets only an admin save the identity or the texts", async () => {
    const calls = [
      { url: "/api/admin/site/identity", payload: { ...ctx.config.site, name: "Taken Over" } },
      {
        url: "/api/admin/site/texts",
        payload: { ...defaultPageTexts, hero: { ...defaultPageTexts.hero, heading: "Taken" } },
      },
    ];
    for (const call of calls) {
      const anonymous = await ctx.app.inject({ method: "PUT", ...call });
      const asCustomer = await ctx.app.inject({
        method: "PUT",
        ...call,
        headers: { cookie: customer.cookie },
      });
      expect([anonymous.statusCode, asCustomer.statusCode]).toEqual([401, 403]);
    }
    const content = await publicContent();
    expect(content.site.name).toBe(ctx.config.site.name);
    expect(content.texts.hero.heading).toBe(defaultPageTexts.hero.heading);
  });

  it("shows a saved hero text and shop name in the next public read", async () => {
    const before = await publicContent();
    const texts: PageTexts = {
      ...before.texts,
      hero: { ...before.texts.hero, heading: "Marketing that pays its way" },
    };
    const savedTexts = await ctx.app.inject({
      method: "PUT",
      url: "/api/admin/site/texts",
      headers: { cookie: admin.cookie },
      payload: texts,
    });
    expect(savedTexts.statusCode).toBe(200);
    const renamed = await ctx.app.inject({
      method: "PUT",
      url: "/api/admin/site/identity",
      headers: { cookie: admin.cookie },
      payload: { ...before.site, name: "Northwind Growth", phones: ["+44 20 7946 0000"] },
    });
    expect(renamed.statusCode).toBe(200);

    const after = await publicContent();
    expect(after.texts.hero.heading).toBe("Marketing that pays its way");
    expect(after.site.name).toBe("Northwind Growth");
    expect(after.site.phones).toEqual(["+44 20 7946 0000"]);
    // What was not edited keeps its value.
    expect(after.texts.about).toEqual(before.texts.about);
    expect(after.site.address).toEqual(before.site.address);
  });

  it.each([
    [
      "an e-mail that is not one",
      "identity",
      (c: SiteContent) => ({ ...c.site, email: "not-an-email" }),
      "email",
    ],
    ["an empty shop name", "identity", (c: SiteContent) => ({ ...c.site, name: "  " }), "name"],
    [
      "a social link that is not a web address",
      "identity",
      (c: SiteContent) => ({ ...c.site, social: [{ label: "Evil", href: "javascript:alert(1)" }] }),
      "social.0.href",
    ],
    [
      "a map coordinate off the globe",
      "identity",
      (c: SiteContent) => ({ ...c.site, map: { lat: 123, lng: 0 } }),
      "map.lat",
    ],
    [
      "an empty hero heading",
      "texts",
      (c: SiteContent) => ({ ...c.texts, hero: { ...c.texts.hero, heading: "" } }),
      "hero.heading",
    ],
    [
      "a third campaign section",
      "texts",
      (c: SiteContent) => ({ ...c.texts, campaigns: [...c.texts.campaigns, c.texts.campaigns[0]] }),
      "campaigns",
    ],
    ["an unknown field", "texts", (c: SiteContent) => ({ ...c.texts, footer: "x" }), "request"],
  ])("refuses %s with a 400 and changes nothing", async (_, what, change, field) => {
    const before = await publicContent();
    const response = await ctx.app.inject({
      method: "PUT",
      url: `/api/admin/site/${what}`,
      headers: { cookie: admin.cookie },
      payload: change(before),
    });
    expect(response.statusCode).toBe(400);
    const fields = Object.keys(response.json().error.fields ?? {});
    if (field !== "request") expect(fields).toContain(field);
    expect(await publicContent()).toEqual(before);
  });
});

describe("image uploads", () => {
  it("cuts a card picture to 640x360 and a 2x copy, served with a year-long cache", async () => {
    const response = await upload(admin, "card", {
      name: "wide.png",
      contentType: "image/png",
      content: await png(2000, 1000),
    });
    expect(response.statusCode).toBe(201);
    const image = response.json();
    expect(image).toMatchObject({ width: 640, height: 360 });
    expect(image.url).toMatch(/^\/api\/images\/img-[a-f0-9]{40}-card-1x\.webp$/);

    for (const [url, width, height] of [
      [image.url, 640, 360],
      [image.url2x, 1280, 720],
    ] as const) {
      const served = await ctx.app.inject({ method: "GET", url });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
      expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", width, height]);
    }
  });

  it("keeps a logo's proportions within 256x64, and the same upload gets the same address", async () => {
    const content = await png(800, 400);
    const first = await upload(admin, "logo", { name: "logo.png", contentType: "image/png", content });
    const again = await upload(admin, "logo", { name: "logo-again.png", contentType: "image/png", content });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ width: 128, height: 64 });
    expect(again.json()).toEqual(first.json());
    const served = await ctx.app.inject({ method: "GET", url: first.json().url2x });
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([256, 128]);
  });

  it("refuses a file that is not a picture, whatever its name says", async () => {
    const response = await upload(admin, "card", {
      name: "photo.png",
      contentType: "image/png",
      content: "<script>alert(1)</script>",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(contentMessages.notAnImage);
  });

  it("refuses an upload without a file, and an unknown kind", async () => {
    const empty = await ctx.app.inject({
      method: "POST",
      url: "/api/admin/images",
      headers: { cookie: admin.cookie, "content-type": "application/json" },
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(contentMessages.noImage);
    const badKind = await upload(admin, "poster", {
      name: "a.png",
      contentType: "image/png",
      content: await png(10, 10),
    });
    expect(badKind.statusCode).toBe(400);
  });

  it("lets only an admin upload", async () => {
    const file = { name: "a.png", contentType: "image/png", content: await png(10, 10) };
    expect((await upload(undefined, "card", file)).statusCode).toBe(401);
    expect((await upload(customer, "card", file)).statusCode).toBe(403);
  });

  it("answers 404 for an address that is not an uploaded image", async () => {
    for (const name of [
      `img-${"0".repeat(40)}-card-1x.webp`,
      "3f1b9c1e-8d1a-4a51-9f0b-1c2d3e4f5a6b",
      "..%2F..%2Fetc%2Fpasswd",
    ]) {
      const response = await ctx.app.inject({ method: "GET", url: `/api/images/${name}` });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe("an image over the upload limit", () => {
  let small: TestContext;
  beforeAll(async () => {
    small = await createTestApp({ env: { UPLOAD_MAX_BYTES: "4096" } });
  });
  afterAll(() => small.close());

  it("is refused with 413 and a message naming the limit", async () => {
    const owner = await createAccount(small, { admin: true });
    // Random pixels do not compress: the PNG stays far over the limit.
    const noisy = await sharp(randomBytes(200 * 200 * 3), { raw: { width: 200, height: 200, channels: 3 } })
      .png()
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(4096);
    const { body, contentType } = multipartFile({
      name: "big.png",
      contentType: "image/png",
      content: noisy,
    });
    const response = await small.app.inject({
      method: "POST",
      url: "/api/admin/images?kind=card",
      headers: { cookie: owner.cookie, "content-type": contentType },
      payload: body,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe(contentMessages.imageTooLarge(4096));
  });
});

describe("the rendered pages", () => {
  let site: TestContext;
  let webDir: string;
  beforeAll(async () => {
    webDir = writeWebBuild({ pages: { "/": { title: "Landing" } } });
    site = await createTestApp({ env: { WEB_DIR: webDir } });
  });
  afterAll(async () => {
    await site.close();
    await rm(path.dirname(webDir), { recursive: true, force: true });
  });

  it("show a saved shop name and hero heading on the next request for /", async () => {
    const owner = await createAccount(site, { admin: true });
    const before = await site.app.inject({ method: "GET", url: "/" });
    expect(before.body).toContain(`Landing | ${site.config.site.name}`);
    expect(before.body).toContain(defaultPageTexts.hero.heading);

    const content: SiteContent = (await site.app.inject({ method: "GET", url: "/api/site/content" })).json();
    await site.app.inject({
      method: "PUT",
      url: "/api/admin/site/identity",
      headers: { cookie: owner.cookie },
      payload: { ...content.site, name: "Northwind Growth" },
    });
    await site.app.inject({
      method: "PUT",
      url: "/api/admin/site/texts",
      headers: { cookie: owner.cookie },
      payload: { ...content.texts, hero: { ...content.texts.hero, heading: "Marketing that pays its way" } },
    });

    const after = await site.app.inject({ method: "GET", url: "/" });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain("Landing | Northwind Growth");
    expect(after.body).toContain("Marketing that pays its way");
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});
