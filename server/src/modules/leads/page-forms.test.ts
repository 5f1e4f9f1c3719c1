import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { writeWebBuild } from "../../../test/web-build.js";
import { jobs, leads } from "../../db/schema.js";
import { crossSiteMessage } from "../../plugins/same-origin.js";
import { actionPaths } from "../../plugins/web-app.js";
import { tooManyLeadForms } from "./index.js";

const shop = "http://localhost:3000";
const form = "application/x-www-form-urlencoded";

/** The answer the page's action gave, as the miniature build writes it into the page. */
function answerIn(body: string): unknown {
  const match = /<output>(.*)<\/output>/.exec(body);
  return match?.[1] ? JSON.parse(match[1].replaceAll("&lt;", "<")) : undefined;
}

describe("which paths take posted forms", () => {
  const route = (id: string, parentId: string | undefined, path: string | undefined, action = false) => ({
    id,
    parentId,
    path,
    index: path === undefined && id.startsWith("index") ? true : undefined,
    module: action ? { action: async () => null } : {},
  });

  it("joins each route with an action to its parents' paths, and leaves out the rest", () => {
    const routes = {
      root: route("root", undefined, ""),
      layout: route("layout", "root", undefined),
      landing: route("landing", "layout", "/", true),
      "index-pricing": route("index-pricing", "landing", undefined, true),
      home: route("home", "landing", "home"),
      contact: route("contact", "layout", "contact-us", true),
      blogs: route("blogs", "layout", "blogs", true),
      post: route("post", "layout", "blogs/:slug"),
    };
    expect(actionPaths({ routes } as never)).toEqual(["/", "/blogs", "/contact-us"]);
  });
});

describe("a lead form posted to its page, as a browser without JavaScript posts it", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const webDir = writeWebBuild({ pages: { "/contact-us": { title: "Contact" } }, formPath: "/contact-us" });
    ctx = await createTestApp({ env: { WEB_DIR: webDir, LEADS_RATE_LIMIT: "3" } });
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.db.delete(leads);
  });

  let address = 0;
  function postForm(
    fields: Record<string, string>,
    headers: Record<string, string> = { origin: shop },
    remoteAddress = `198.51.100.${++address}`,
  ) {
    return ctx.app.inject({
      method: "POST",
      url: "/contact-us",
      headers: { "content-type": form, ...headers },
      payload: new URLSearchParams(fields).toString(),
      remoteAddress,
    });
  }

  const message = { intent: "contact", name: "Ada", email: "ada@example.com", message: "A new shop front." };

  it("stores the message as the JSON call does, and answers with the page, never kept in the cache", async () => {
    const response = await postForm({ ...message, name: "  Ada Lovelace " });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.body).toContain("<title>Contact | ");
    expect(answerIn(response.body)).toEqual({ stored: true });
    const rows = await ctx.db.select().from(leads);
    expect(rows).toMatchObject([
      { kind: "contact", name: "Ada Lovelace", email: "ada@example.com", message: "A new shop front." },
    ]);
    // The owners' notice is queued with it, as for the JSON call.
    const notices = await ctx.db.select().from(jobs).where(eq(jobs.kind, "mail.lead-received"));
    expect(notices.map((job) => (job.payload as { leadId: string }).leadId)).toContain(rows[0]?.id);

    // The page itself, asked for again, carries no answer: the post's page was not kept.
    const page = await ctx.app.inject({ method: "GET", url: "/contact-us" });
    expect(answerIn(page.body)).toBeUndefined();
  });

  it("takes a post with an opaque (null) Origin when the browser says it came from the same site", async () => {
    // What a browser sends with a form posted from the shop's own page under Referrer-Policy: no-referrer.
    const response = await postForm(message, { origin: "null", "sec-fetch-site": "same-origin" });
    expect(answerIn(response.body)).toEqual({ stored: true });
    expect(await ctx.db.select().from(leads)).toHaveLength(1);
  });

  it("refuses what the JSON call refuses, in the same words, and stores nothing", async () => {
    const bad = { name: "Ada", email: "not-an-address", message: "Hello" };
    const api = await ctx.app.inject({ method: "POST", url: "/api/leads/contact", payload: bad });
    expect(api.statusCode).toBe(400);

    const response = await postForm({ intent: "contact", ...bad });
    expect(answerIn(response.body)).toEqual({
      stored: false,
      status: 400,
      message: api.json().error.message,
    });
    expect(api.json().error.message).toBe("Invalid email: Please enter a valid email address.");

    const control = await postForm({ ...message, message: "Hello\u0000there" });
    expect(answerIn(control.body)).toMatchObject({ stored: false, status: 400 });
    expect(await ctx.db.select().from(leads)).toEqual([]);
  });

  it("signs an address up for the newsletter with its confirmation mail, as the JSON call does", async () => {
    const response = await postForm({ intent: "newsletter", email: "linus@example.com" });
    expect(answerIn(response.body)).toEqual({ stored: true });
    const [signUp] = await ctx.db.select().from(leads).where(eq(leads.kind, "newsletter"));
    expect(signUp).toMatchObject({ email: "linus@example.com", confirmedAt: null });
    const mails = await ctx.db.select().from(jobs).where(eq(jobs.kind, "mail.newsletter-confirmation"));
    expect(mails.map((job) => (job.payload as { leadId: string }).leadId)).toContain(signUp?.id);
  });

  it.each([
    ["another site's Origin", { origin: "https://elsewhere.example" }],
    ["an opaque (null) Origin", { origin: "null" }],
    ["an opaque (null) Origin from another site", { origin: "null", "sec-fetch-site": "cross-site" }],
    ["no Origin but a cross-site fetch", { "sec-fetch-site": "cross-site" }],
  ])("refuses a post with %s, and stores nothing", async (_, headers) => {
    const response = await postForm(message, headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: "forbidden", message: crossSiteMessage } });
    expect(await ctx.db.select().from(leads)).toEqual([]);
  });

  it("keeps the JSON calls' limit per client, and answers over it with the reason", async () => {
    const from = "203.0.113.77";
    for (let sent = 0; sent < 3; sent++) {
      const response = await postForm({ ...message, email: `ada${sent}@example.com` }, undefined, from);
      expect(answerIn(response.body)).toEqual({ stored: true });
    }
    const over = await postForm({ ...message, email: "ada3@example.com" }, undefined, from);
    expect(answerIn(over.body)).toEqual({ stored: false, status: 429, message: tooManyLeadForms });
    expect(await ctx.db.select().from(leads)).toHaveLength(3);
    // Another client is not held back.
    expect(answerIn((await postForm(message)).body)).toEqual({ stored: true });
  });

  it("takes web forms only, and only on pages whose route has an action", async () => {
    const json = await ctx.app.inject({
      method: "POST",
      url: "/contact-us",
      headers: { origin: shop },
      payload: { intent: "contact", name: "Ada", email: "ada@example.com", message: "Hi" },
    });
    expect(json.statusCode).toBe(400);
    const elsewhere = await ctx.app.inject({
      method: "POST",
      url: "/about-us",
      headers: { "content-type": form, origin: shop },
      payload: new URLSearchParams(message).toString(),
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(await ctx.db.select().from(leads)).toEqual([]);
  });

  it("keeps the pages out of the API documentation", async () => {
    const docs = await ctx.app.inject({ method: "GET", url: "/api/docs/json" });
    const paths = Object.keys((docs.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toContain("/api/leads/contact");
    expect(paths).not.toContain("/contact-us");
  });
});
