import { describe, expect, it } from "vitest";
import { contact } from "../web/app/lib/messages";
import { hydrated, useBrowser } from "./support/browser";

const browser = useBrowser();

const publicPages = ["/", "/blogs", "/blogs/how-we-report-results", "/about-us", "/contact-us", "/login"];

describe("the first paint of the public pages", () => {
  it.each(publicPages)(
    "%s asks for its stylesheets before any script, and for its scripts only once it has painted",
    async (path) => {
      const { page } = browser;
      await page.setViewportSize({ width: 412, height: 823 });
      await page.goto(path);
      await hydrated(page);

      // In <head>, the stylesheets come before every script and module preload.
      const head = await page.evaluate(() =>
        [...document.head.children].map((element) =>
          element instanceof HTMLLinkElement ? `link:${element.rel}` : element.tagName.toLowerCase(),
        ),
      );
      const firstStylesheet = head.indexOf("link:stylesheet");
      const firstScript = head.findIndex((entry) => entry === "script" || entry === "link:modulepreload");
      expect(firstStylesheet).toBeGreaterThanOrEqual(0);
      if (firstScript >= 0) expect(firstStylesheet).toBeLessThan(firstScript);

      // Every script was requested after the first contentful paint, and the page hydrated.
      const timing = await page.evaluate(() => ({
        firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
        scripts: performance
          .getEntriesByType("resource")
          .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
          .map((entry) => entry.startTime),
      }));
      expect(timing.firstPaint).toBeGreaterThan(0);
      expect(timing.scripts.length).toBeGreaterThan(0);
      expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.firstPaint ?? 0);
    },
  );

  it("shows the whole page, its forms included, when its scripts never arrive", async () => {
    const { page } = browser;
    await page.route(/\/assets\/.*\.js$/, () => {
      // Held back for good: the page must stand on its HTML and CSS.
    });
    await page.goto("/contact-us");
    await expect.poll(() => page.getByRole("button", { name: contact.submit }).isEnabled()).toBe(true);
    const styled = await page.evaluate(() => getComputedStyle(document.body).margin === "0px");
    expect(styled).toBe(true);
    expect(await page.locator("html[data-hydrated]").count()).toBe(0);
  });
});
