import { describe, expect, it } from "vitest";
import { expectAccessible } from "./support/axe";
import { screenshot, useBrowser } from "./support/browser";

const browser = useBrowser();

async function cardPrices(name: string) {
  const card = browser.page.getByRole("article", { name });
  await card.waitFor();
  return {
    price: await card
      .getByText(/^\$\d+\.\d{2}$/)
      .first()
      .textContent(),
    oldPrice: (await card.locator("del").textContent())?.match(/\$\d+\.\d{2}/)?.[0],
    included: await card.getByRole("img", { name: "Included", exact: true }).count(),
    notIncluded: await card.getByRole("img", { name: "Not included", exact: true }).count(),
  };
}

describe("a visitor browsing the catalog", () => {
  it("sees the prerendered landing page and the monthly plans from the database", async () => {
    const { page } = browser;
    const html = await (await page.request.get("/")).text();
    expect(html).toContain("Grow your brand with a team that measures every click");
    expect(html).toContain("Pricing Plans");

    await page.goto("/");
    await expect.poll(() => page.getByRole("article").count()).toBe(3);
    expect(await cardPrices("Standard")).toEqual({
      price: "$19.00",
      oldPrice: "$39.00",
      included: 2,
      notIncluded: 2,
    });
    expect(await cardPrices("Premium")).toEqual({
      price: "$99.00",
      oldPrice: "$159.00",
      included: 4,
      notIncluded: 0,
    });
    expect(await cardPrices("Extended")).toEqual({
      price: "$79.00",
      oldPrice: "$99.00",
      included: 3,
      notIncluded: 1,
    });
    await screenshot(page, "landing-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "landing-375");
  });

  it("switches to yearly billing and back without leaving the pricing section", async () => {
    const { page } = browser;
    await page.goto("/home");
    const billing = page.getByRole("navigation", { name: "Billing period" });
    await billing.getByRole("link", { name: "Yearly" }).click();
    await page.waitForURL("**/yearly-billed");
    await expect.poll(async () => (await cardPrices("Premium")).price).toBe("$299.00");
    expect(await cardPrices("Standard")).toMatchObject({ price: "$99.00", oldPrice: "$119.00" });
    expect(await cardPrices("Extended")).toMatchObject({ price: "$199.00", oldPrice: "$249.00" });
    expect(await billing.getByRole("link", { name: "Yearly" }).getAttribute("aria-current")).toBe("page");
    await expectAccessible(page, "yearly pricing");

    await billing.getByRole("link", { name: "Monthly" }).click();
    await page.waitForURL("**/home");
    await expect.poll(async () => (await cardPrices("Premium")).price).toBe("$99.00");
  });

  it("shows the not-found page for an unknown path, with a way back home", async () => {
    const { page } = browser;
    const missing = await page.goto("/this/page/does-not-exist");
    expect(missing?.status()).toBe(404);
    expect((await page.request.get("/dashboard/my-orders")).status()).toBe(200);
    await page.getByRole("heading", { name: "404 - Page Not Found" }).waitFor();
    expect(await page.getByText("Oops", { exact: true }).count()).toBe(1);
    await expectAccessible(page, "not found");
    await page.getByRole("link", { name: "Back To Home" }).click();
    await page.waitForURL("**/home");
    await page.getByRole("heading", { name: "Pricing Plans" }).waitFor();
  });
});
