import { defaultPageTexts } from "@agency/contract";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  accountMessages,
  blogs,
  brands,
  contact,
  footer,
  nav,
  privacy,
  reviews,
} from "../web/app/lib/messages";
import { createCustomer } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { baseUrl, open, screenshot, useBrowser } from "./support/browser";

const browser = useBrowser();

const pages = [
  { path: "/", canonical: "/", heading: defaultPageTexts.hero.heading, title: "Digital marketing agency" },
  {
    path: "/home",
    canonical: "/",
    heading: defaultPageTexts.hero.heading,
    title: "Digital marketing agency",
  },
  {
    path: "/yearly-billed",
    canonical: "/yearly-billed",
    heading: defaultPageTexts.hero.heading,
    title: "Yearly pricing plans",
  },
  { path: "/contact-us", canonical: "/contact-us", heading: contact.heading, title: "Contact us" },
  { path: "/blogs", canonical: "/blogs", heading: blogs.heading, title: blogs.heading },
  {
    path: "/about-us",
    canonical: "/about-us",
    heading: defaultPageTexts.about.heading,
    title: defaultPageTexts.about.heading,
  },
  {
    path: "/privacy__policy",
    canonical: "/privacy__policy",
    heading: privacy.heading,
    title: privacy.heading,
  },
];

const escapeHtml = (text: string) => text.replaceAll("'", "&#x27;");
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];

/** Waits until the page's data-driven parts (services, reviews, blogs, map card) have loaded. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await expect.poll(() => page.getByRole("status").count()).toBe(0);
}

describe("the public pages", () => {
  it.each(pages)(
    "$path ships server-rendered HTML with its heading, title, description and social tags",
    async ({ path, canonical, heading, title }) => {
      const response = await browser.page.request.get(path);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toContain("text/html");
      const html = await response.text();
      expect(html).toContain(`<title>${title} | `);
      expect(html).toMatch(new RegExp(`<h1[^>]*>${escapeHtml(heading)}</h1>`));
      expect(meta(html, "description")?.length).toBeGreaterThan(20);
      expect(meta(html, "og:title")).toContain(title);
      expect(meta(html, "og:url")).toBe(`${baseUrl}${canonical}`);
      expect(meta(html, "og:image")).toBe(`${baseUrl}/images/og-image.jpg`);
      expect(html).toContain(`<link rel="canonical" href="${baseUrl}${canonical}"/>`);
    },
  );

  it("renders the database's plans, services, reviews and blogs into the HTML itself", async () => {
    const { request } = browser.page;
    const get = async <T>(path: string) => (await (await request.get(path)).json()) as T;
    // What a visitor sees before any script runs: the HTML without its scripts (loader data).
    const visibleText = async (path: string) => {
      const html = await (await request.get(path)).text();
      return html
        .replace(/<script[\s\S]*?<\/script>/g, "")
        .replace(/<[^>]+>/g, " ")
        .replaceAll("&#x27;", "'")
        .replaceAll("&amp;", "&");
    };
    type Plan = { service: string; title: string; newPrice: number; duration: string };
    const plans = await get<Plan[]>("/api/pricing");
    const services = await get<{ title: string }[]>("/api/services");
    const reviewList = await get<{ name: string }[]>("/api/reviews");
    const blogList = await get<{ title: string }[]>("/api/blogs");
    expect(services).toHaveLength(6);
    expect(reviewList.length).toBeGreaterThan(0);

    const landingText = await visibleText("/");
    const yearlyText = await visibleText("/yearly-billed");
    for (const plan of plans) {
      const text = plan.duration === "monthly" ? landingText : yearlyText;
      expect(text).toContain(plan.title);
      expect(text).toContain(plan.service);
      expect(text).toMatch(new RegExp(`\\$\\s*${plan.newPrice}\\b`));
    }
    for (const service of services) expect(landingText).toContain(service.title);
    for (const review of reviewList) expect(landingText).toContain(review.name);
    const blogsText = await visibleText("/blogs");
    for (const blog of blogList) expect(blogsText).toContain(blog.title);
  });

  it("lists the public pages in the sitemap and points crawlers to it", async () => {
    const { page } = browser;
    const sitemap = await (await page.request.get("/sitemap.xml")).text();
    for (const path of ["/", "/yearly-billed", "/contact-us", "/blogs", "/about-us", "/privacy__policy"]) {
      expect(sitemap).toContain(`<loc>${baseUrl}${path}</loc>`);
    }
    expect(sitemap).not.toContain(`<loc>${baseUrl}/home</loc>`);
    const robots = await (await page.request.get("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${baseUrl}/sitemap.xml`);
  });

  it("shows the blogs from the database, the same list blogs.json serves", async () => {
    const { page } = browser;
    const file = (await (await page.request.get("/blogs.json")).json()) as { title: string; topic: string }[];
    expect(file.length).toBeGreaterThan(0);
    await page.goto("/blogs");
    await expect.poll(() => page.getByRole("article").count()).toBe(file.length);
    const titles = await page.getByRole("article").getByRole("heading").allTextContents();
    expect(titles).toEqual(file.map((blog) => blog.title));
    expect(await page.getByRole("heading", { name: "Get marketing ideas in your inbox" }).count()).toBe(1);
  });

  it("runs both carousels on the landing page, and stops one on request", async () => {
    const { page } = browser;
    await page.goto("/");
    const brandTrack = page.getByRole("region", { name: brands.heading }).locator(".carousel-track");
    const reviewsRegion = page.getByRole("region", { name: reviews.carouselLabel });
    await reviewsRegion.waitFor();
    expect(await reviewsRegion.getByRole("group").count()).toBeGreaterThan(1);
    const position = (track: typeof brandTrack) =>
      track.evaluate((element) => getComputedStyle(element).transform);

    // SPEC §9: the brands move every 2000 ms.
    const brandStart = await position(brandTrack);
    await expect.poll(() => position(brandTrack), { timeout: 4000 }).not.toBe(brandStart);
    // The reviews move on their own too, once the visitor scrolls to them (their code loads then).
    await reviewsRegion.scrollIntoViewIfNeeded();
    const reviewsTrack = reviewsRegion.locator(".carousel-track");
    const reviewsStart = await position(reviewsTrack);
    await expect.poll(() => position(reviewsTrack), { timeout: 8000 }).not.toBe(reviewsStart);

    await page.getByRole("button", { name: brands.pause }).click();
    await page.getByRole("button", { name: brands.play }).waitFor();
    // A slide already under way finishes its transition; then the track rests.
    let settled = await position(brandTrack);
    await expect
      .poll(
        async () => {
          const before = settled;
          await page.waitForTimeout(400);
          settled = await position(brandTrack);
          return settled === before;
        },
        { timeout: 4000 },
      )
      .toBe(true);
    const stopped = settled;
    await page.waitForTimeout(2600);
    expect(await position(brandTrack)).toBe(stopped);
  });

  it("lets a keyboard user skip to the main content, and open and close the phone menu", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 800 });
    await open(page, "/blogs");
    // The list replaces its placeholders once loaded; wait, so the page is settled under the keyboard.
    await page.getByRole("article").first().waitFor();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: nav.skipToContent });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press("Enter");
    expect(new URL(page.url()).hash).toBe("#main-content");
    // The next Tab starts inside <main>, past the navbar.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main#main-content")))).toBe(
      true,
    );

    const toggle = page.getByRole("button", { name: nav.toggle });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.click();
    // The menu's state is rendered after the key or click: wait for it rather than read at once.
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
    const current = page.getByRole("navigation", { name: nav.main }).getByRole("link", { name: nav.blogs });
    await current.waitFor();
    expect(await current.getAttribute("aria-current")).toBe("page");
    await page.keyboard.press("Escape");
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
    await expect.poll(() => toggle.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.getByRole("navigation", { name: nav.main }).getByRole("link", { name: nav.contact }).waitFor({
      state: "hidden",
    });
  });

  it("shows the signed-in customer's account links and the privacy policy in the footer", async () => {
    const { page, context } = browser;
    await open(page, "/about-us");
    const account = page.getByRole("contentinfo").getByRole("navigation", { name: footer.account });
    await account.getByRole("link", { name: nav.login }).waitFor();
    await page.getByRole("contentinfo").getByRole("link", { name: footer.privacy }).click();
    await page.waitForURL("**/privacy__policy");

    await createCustomer(context);
    await open(page, "/about-us");
    await account.getByRole("link", { name: accountMessages.dashboard }).waitFor();
    expect(await account.getByRole("button", { name: accountMessages.logOut }).count()).toBe(1);
    expect(await account.getByRole("link", { name: nav.login }).count()).toBe(0);
    await expectAccessible(page, "about us, signed in");
  });

  it("lays the contact page out in two halves from md up and one column below, with a 320 px map area", async () => {
    const { page } = browser;
    await page.goto("/contact-us");
    const form = page.getByRole("region", { name: contact.formHeading });
    const location = page.getByRole("region", { name: contact.locationHeading });
    const map = page.getByTestId("office-map");
    // No Maps key in this installation: the address card with its external map link.
    await page.getByRole("link", { name: contact.openMap }).waitFor();
    expect((await map.boundingBox())?.height).toBe(320);

    const wide = [await form.boundingBox(), await location.boundingBox()];
    expect(wide[1]?.x).toBeGreaterThan((wide[0]?.x ?? 0) + 400);
    expect(wide[1]?.y).toBe(wide[0]?.y);

    await page.setViewportSize({ width: 767, height: 900 });
    const narrow = [await form.boundingBox(), await location.boundingBox()];
    expect(narrow[1]?.x).toBe(narrow[0]?.x);
    expect(narrow[1]?.y).toBeGreaterThan(narrow[0]?.y ?? 0);
    // Full width below md: as wide as the form above it.
    expect(narrow[1]?.width).toBe(narrow[0]?.width);
    expect((await map.boundingBox())?.width).toBe(narrow[1]?.width);
  });

  it("loads no dashboard, payment or map code on the public pages", async () => {
    const { page } = browser;
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    for (const path of ["/", "/blogs", "/contact-us", "/about-us", "/privacy__policy"]) {
      await page.goto(path);
      await settle(page);
    }
    expect(scripts.length).toBeGreaterThan(5);
    const unwanted = scripts.filter((script) =>
      /dashboard|checkout|payment|stripe|my-orders|profile|admin|all-users|google-map|logout-modal/i.test(
        script,
      ),
    );
    expect(unwanted).toEqual([]);
  });

  it.each(["/", "/blogs", "/contact-us", "/about-us", "/privacy__policy"])(
    "%s holds its layout at the spec's breakpoints, has no serious accessibility issue and is pictured at 375 and 1280 px",
    async (path) => {
      const { page } = browser;
      await page.goto(path);
      await settle(page);
      for (const width of [375, 576, 768, 992, 1200, 1400]) {
        await page.setViewportSize({ width, height: 900 });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(0);
      }
      const name = path === "/" ? "landing" : path.replace(/\W+/g, "-").replace(/^-|-$/g, "");
      await page.setViewportSize({ width: 1280, height: 900 });
      await expectAccessible(page, path);
      await screenshot(page, `public-${name}-1280`);
      await page.setViewportSize({ width: 375, height: 800 });
      await screenshot(page, `public-${name}-375`);
    },
  );
});
