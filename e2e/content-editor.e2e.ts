import { request as playwrightRequest } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { ownerAccount, signInApi, signInAsOwner } from "./support/accounts";
import { baseUrl, hydrated, screenshot, useBrowser } from "./support/browser";
import { firstLoadBytes } from "./support/page-weight";

const browser = useBrowser();

function toast(text: string) {
  return browser.page.getByRole("status").filter({ hasText: text });
}

/** A 320x80 PNG: a blue bar, drawn here so the journey needs no file on disk. */
const logoPng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAUAAAABQCAIAAADnUzvSAAAACXBIWXMAAAPoAAAD6AG1e1JrAAACLklEQVR4nO3VUQ0DARAC0dMynmryVNZDf0izL0HAZoDl6fMSAgj0n0V45hcQAgikwEKAQPf2wALvPSAEUmAhQKB739AC7z0gBFJgIUCge9/QAu89IARSYCFAoHvf0ALvPSAEUmAhQKB739AC7z0gBFJgIUCge9/QAu89IARSYCFAoHvf0ALvPSAEUmAhQKB739AC7z0gBFJgIUCge9/QAu89IARSYCFAoHvf0ALvPSAEUmAhQKB739AC7z0gBFJgIUCge9/QAu89IARSYCFAoHvf0ALvPSAEUmAhQKB739AC7z0gBFJgIUCge9/QAu89IARSYCFAoHvf0ALvPSAEUmAhQKB739AC7z0gBFJgIUCge9/QAu89IARSYCFAoHvf0ALvPSAEUmAhQKB739AC7z0gBFJgIUCge9/QAu89IARSYCFAoHvf0ALvPSAEUmAhQKB739AC7z0gBFJgIUCge9/QAu89IARSYCFAoHvf0ALvPSAEUmAhQKB739AC7z0gBFJgIUCge9/QAu89IARSYCFAoHvf0ALvPSAEUmAhQKB739AC7z0gBFJgIUCge9/QAu89IARSYCFAoHvf0ALvPSAEUmAhQKB739AC7z0gBFJgIUCge9/QAu89IAQUWAgQeA8+Agu894AQSIGFAIHufUMLvPeAEEiBhQCB7n1DC7z3gBBIgYUAge59Qwu894AQSIGFAIHufUMLvPeAEEiBhQCB7n1DC7z3gBDo1xh8AR/36pFr08YPAAAAAElFTkSuQmCC",
  "base64",
);

/** The content as it was before the journey, put back afterwards: other journeys expect the demo shop. */
let saved: { site: unknown; texts: unknown } | undefined;

afterAll(async () => {
  if (!saved) return;
  const api = await playwrightRequest.newContext({ baseURL: baseUrl, extraHTTPHeaders: { origin: baseUrl } });
  await signInApi(api, await ownerAccount());
  await api.put("/api/admin/site/identity", { data: saved.site });
  await api.put("/api/admin/site/texts", { data: saved.texts });
  await api.dispose();
});

describe("the content editor", () => {
  it("changes the hero text, the shop's name and logo, seen on the public page at once", async () => {
    const { page, context } = browser;
    saved = await (await context.request.get("/api/site/content")).json();
    await signInAsOwner(context);
    const name = `Northwind Growth ${Date.now() % 10_000}`;
    const heading = "Marketing that pays its way, week after week";

    await page.goto("/dashboard/admin/site-content");
    await hydrated(page);
    const texts = page.getByRole("form", { name: "Page texts" });
    await texts.getByLabel("Landing hero heading").fill(heading);
    await texts.getByRole("button", { name: "Save page texts" }).click();
    await toast("The page texts are saved.").waitFor();

    const identity = page.getByRole("form", { name: "Site identity" });
    await identity.getByLabel("Shop name").fill(name);
    await identity.getByLabel("Upload a picture").setInputFiles({
      name: "logo.png",
      mimeType: "image/png",
      buffer: logoPng,
    });
    await expect
      .poll(() => identity.getByLabel("Logo", { exact: true }).inputValue())
      .toMatch(/^\/api\/images\/img-[a-f0-9]{40}-logo-1x\.webp$/);
    const logo = await identity.getByLabel("Logo", { exact: true }).inputValue();
    await screenshot(page, "admin-site-content-1280");
    await identity.getByRole("button", { name: "Save site identity" }).click();
    await toast("The site identity is saved.").waitFor();

    // The public page, rendered by the server, shows the new text, name and logo in its HTML.
    const response = await page.goto("/");
    const html = (await response?.text()) ?? "";
    expect(html).toContain(heading);
    expect(html).toContain(name);
    await page.getByRole("heading", { level: 1, name: heading }).waitFor();
    await expect.poll(() => page.locator(`img[src="${logo}"]`).count()).toBeGreaterThan(0);
    const image = await context.request.get(logo);
    expect(image.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(image.headers()["content-type"]).toBe("image/webp");
  });

  it("publishes a blog post at /blogs/{slug} with its own title and Open Graph tags, listed in the sitemap", async () => {
    const { page, context } = browser;
    await signInAsOwner(context);
    const title = `Five subject lines that get opened ${Date.now()}`;
    const slug = title.toLowerCase().replaceAll(" ", "-");

    await page.goto("/dashboard/admin/add__blog");
    await hydrated(page);
    const form = page.getByRole("form", { name: "Add new Blog" });
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Topic").fill("Email");
    await form.getByLabel(/^Description/).fill("Short, specific and honest: what works in an inbox.");
    await form
      .getByLabel("Post (Markdown)")
      .fill("## Keep it short\n\nUnder **40 characters** wins.\n\n<script>window.hacked = true</script>");
    await form.getByLabel(/^Image/).fill("/images/blogs/landing-page.svg");
    await form.getByRole("button", { name: "Publish" }).click();
    await toast("The blog post is published.").waitFor();

    // The card on /blogs leads to the post hosted here.
    await page.goto("/blogs");
    const card = page.getByRole("article").filter({ hasText: title });
    expect(await card.getByRole("link").getAttribute("href")).toBe(`/blogs/${slug}`);

    const response = await page.goto(`/blogs/${slug}`);
    expect(response?.status()).toBe(200);
    const html = (await response?.text()) ?? "";
    expect(html).toContain("<h2>Keep it short</h2>");
    expect(html).not.toContain("<script>window.hacked");
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toContain(title);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toBe(
      "Short, specific and honest: what works in an inbox.",
    );
    expect(await page.evaluate(() => (window as { hacked?: boolean }).hacked)).toBeUndefined();
    // The Markdown renderer stays on the server: the post's page loads the shared app and a small
    // chunk of its own, within a blog post's budget (WEB_POST_BUDGET_KB of npm run bench:web).
    expect(await firstLoadBytes(context.request, html)).toBeLessThanOrEqual(144 * 1024);
    await screenshot(page, "blog-post-1280");

    const sitemap = await (await context.request.get("/sitemap.xml")).text();
    expect(sitemap).toContain(`/blogs/${slug}</loc>`);

    const missing = await page.goto("/blogs/no-such-post-here");
    expect(missing?.status()).toBe(404);
    await page.getByRole("heading", { name: "404 - Page Not Found" }).waitFor();
  });
});
