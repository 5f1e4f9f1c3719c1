import { formatMajorMoney } from "@agency/contract/money";
import { request as playwrightRequest } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { dashboardMenu, overviewPage } from "../web/app/lib/messages";
import { newAccount, registerAccount, signInApi, signInAsOwner } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { baseUrl, screenshot, useBrowser } from "./support/browser";
import { expectRevenueThisMonth } from "./support/overview";
import { order, pay, plans } from "./support/shop";

/** Dollars as the pages write them (the shop sells in USD here). */
const money = (amount: number) => formatMajorMoney(amount, "usd");

const browser = useBrowser();
const phone = { width: 390, height: 844 };
const customerApi = await playwrightRequest.newContext({
  baseURL: baseUrl,
  extraHTTPHeaders: { origin: baseUrl },
});

afterAll(() => customerApi.dispose());

async function revenueThisMonth(): Promise<number> {
  const response = await browser.page.request.get("/api/admin/overview");
  expect(response.status()).toBe(200);
  return (await response.json()).revenueThisMonth;
}

describe("the owner's overview", () => {
  it("shows the owner a customer's payment in this month's revenue, from the admin menu, on a desktop and a phone", async () => {
    const { page, context } = browser;
    await signInAsOwner(context);
    const before = await revenueThisMonth();

    const customer = newAccount("overview");
    await registerAccount(customerApi, customer);
    await signInApi(customerApi, customer);
    const [plan] = (await plans(customerApi)) as ({ newPrice: number } & Awaited<
      ReturnType<typeof plans>
    >[number])[];
    if (!plan) throw new Error("no plan to buy");
    await pay(customerApi, await order(customerApi, plan));
    const expected = money(before + plan.newPrice);

    await page.goto("/dashboard/admin/all__user");
    await page
      .getByRole("navigation", { name: dashboardMenu.adminMenu })
      .getByRole("link", { name: overviewPage.menu })
      .click();
    await page.getByRole("heading", { name: overviewPage.heading, level: 1 }).waitFor();
    await page.waitForURL(/\/dashboard\/admin\/overview$/);
    await expectRevenueThisMonth(page, expected);
    expect(await page.getByRole("img", { name: /revenue over the last 12 months/ }).count()).toBe(1);
    await screenshot(page, "overview-1280");
    await expectAccessible(page, "the overview");

    // On a phone the menu slides in, and the page fits the screen.
    await page.setViewportSize(phone);
    await page.goto("/dashboard/admin/all__user");
    await page.getByRole("button", { name: dashboardMenu.openMenu, exact: true }).click();
    await page
      .getByRole("navigation", { name: dashboardMenu.adminMenu })
      .getByRole("link", { name: overviewPage.menu })
      .click();
    const revenue = page.getByTestId("revenue-this-month");
    await revenue.waitFor();
    expect(await revenue.textContent()).toBe(expected);
    const scrollsSideways = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(scrollsSideways).toBe(false);
    await screenshot(page, "overview-390");
  });
});
