import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./support/browser";

const browser = useBrowser();

/**
 * Opens a page on a phone-sized screen with the public lists' API answers held back (as on a slow
 * network, where they arrive well after the page is painted) and sums the layout shifts the page
 * makes until everything has loaded, as Cumulative Layout Shift counts them.
 */
async function layoutShiftWhileLoading(page: Page, path: string): Promise<number> {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.route(/\/api\/(blogs|services|pricing|reviews)\b/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.addInitScript(() => {
    const shifts = { total: 0 };
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) shifts.total += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  await expect.poll(() => page.getByRole("status").count(), { timeout: 10_000 }).toBe(0);
  // Images and fonts of the loaded lists have settled too.
  await page.waitForTimeout(500);
  return page.evaluate(() => (window as unknown as { layoutShifts: { total: number } }).layoutShifts.total);
}

describe("layout stability of the public pages", () => {
  it("/blogs keeps its layout while the posts load: placeholder cards of the same size", async () => {
    const { page } = browser;
    expect(await layoutShiftWhileLoading(page, "/blogs")).toBe(0);
    expect(await page.getByRole("article").count()).toBeGreaterThan(0);
  });

  it("/ keeps its layout while its lists load", async () => {
    expect(await layoutShiftWhileLoading(browser.page, "/")).toBe(0);
  });

  it("loads the first blog image at once and first", async () => {
    const { page } = browser;
    await page.goto("/blogs");
    const first = page.getByRole("article").first().locator("img");
    await first.waitFor();
    expect(await first.getAttribute("loading")).toBe("eager");
    expect(await first.getAttribute("fetchpriority")).toBe("high");
  });
});
