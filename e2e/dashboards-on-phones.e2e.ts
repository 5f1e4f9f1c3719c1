import type { APIRequestContext, Locator, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import {
  adminPages,
  dashboardMenu,
  manageReviewsPage,
  orderMessages,
  paymentMessages,
} from "../web/app/lib/messages";
import { createCustomer, signInAsOwner } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { screenshot, useBrowser } from "./support/browser";
import { carouselShows, order, pay, plans, reviewer, scrollsSideways, writeReviews } from "./support/shop";

const browser = useBrowser();
const phone = { width: 390, height: 844 };
const runId = Date.now().toString(36);
const apis: APIRequestContext[] = [];

afterAll(async () => {
  await Promise.all(apis.map((api) => api.dispose()));
});

function menuButton(page: Page) {
  return page.getByRole("button", { name: dashboardMenu.openMenu, exact: true });
}

async function hasFocus(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

/** Wholly on the screen, so a thumb can reach it without scrolling sideways. */
async function expectOnScreen(locator: Locator) {
  await locator.waitFor();
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= phone.width).toBe(true);
}

/** The side menu is closed on a phone; it opens from the Menu button and closes every way it should. */
async function expectOffCanvasMenu(page: Page, menuName: string, next: { link: string; url: string }) {
  const toggle = menuButton(page);
  const menu = page.getByRole("navigation", { name: menuName });
  expect(await toggle.getAttribute("aria-expanded")).toBe("false");
  expect(await menu.isVisible()).toBe(false);

  await toggle.click();
  await menu.waitFor();
  expect(await toggle.getAttribute("aria-expanded")).toBe("true");
  await expect.poll(() => hasFocus(menu.getByRole("link").first())).toBe(true);
  await screenshot(page, `${menuName.toLowerCase().replace(/\s+/g, "-")}-390`);
  await page.keyboard.press("Escape");
  await menu.waitFor({ state: "hidden" });
  expect(await hasFocus(toggle)).toBe(true);

  await toggle.click();
  await menu.waitFor();
  // The backdrop, beside the menu panel.
  await page.mouse.click(phone.width - 20, phone.height / 2);
  await menu.waitFor({ state: "hidden" });

  await toggle.click();
  await menu.getByRole("link", { name: next.link }).click();
  await page.waitForURL(`**${next.url}`);
  await menu.waitFor({ state: "hidden" });
  expect(await toggle.getAttribute("aria-expanded")).toBe("false");
}

describe("the dashboards on a phone", () => {
  it("gives a customer a closed menu, and orders and payments that fit the screen with their buttons", async () => {
    const { page, context } = browser;
    await createCustomer(context);
    const [first, second] = await plans(context.request);
    if (!first || !second) throw new Error("the demo catalog has fewer than two plans");
    await pay(context.request, await order(context.request, first));
    const unpaidId = await order(context.request, second);

    await page.setViewportSize(phone);
    await page.goto("/dashboard/my-orders");
    await page.getByRole("heading", { name: orderMessages.myOrders }).waitFor();
    await expectOffCanvasMenu(page, dashboardMenu.menu, {
      link: dashboardMenu.paymentHistory,
      url: "/dashboard/payment-history",
    });

    await page.getByRole("heading", { name: paymentMessages.historyHeading }).waitFor();
    await page.getByRole("listitem").filter({ hasText: first.service }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, "payment-history-390");

    await page.goto("/dashboard/my-orders");
    const unpaid = page.locator(`[data-order-id="${unpaidId}"]`);
    await expectOnScreen(unpaid.getByRole("button", { name: orderMessages.delete }));
    await expectOnScreen(unpaid.getByRole("link", { name: orderMessages.payNow }));
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, "my-orders-390");
    await expectAccessible(page, "my orders with a paid and an unpaid order");

    await unpaid.getByRole("link", { name: orderMessages.payNow }).click();
    await page.waitForURL(`**/dashboard/payment/${unpaidId}`);
    await page.getByRole("heading", { name: paymentMessages.heading }).waitFor();
    await page.getByRole("term").filter({ hasText: orderMessages.number }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await page.goBack();

    await unpaid.getByRole("button", { name: orderMessages.delete }).click();
    await page.locator(".swal2-confirm").click();
    await unpaid.waitFor({ state: "detached" });
    // The paid order stays (once the dialog has gone and the page is no longer hidden behind it).
    await page.locator(".swal2-container").waitFor({ state: "detached" });
    expect(await page.getByRole("listitem").filter({ hasText: first.service }).count()).toBe(1);
  });

  it("gives an admin a closed menu, lists that fit the screen, and hides a review and shows it again", async () => {
    const { page, context } = browser;
    const writer = await reviewer(1);
    apis.push(writer);
    const comment = `Clear reporting every week, and conversions up by a third (${runId}).`;
    await writeReviews(writer, [comment]);
    await signInAsOwner(context);

    await page.setViewportSize(phone);
    await page.goto("/dashboard/admin/all__orders");
    await page.getByRole("heading", { name: adminPages.ordersHeading }).waitFor();
    await page.getByRole("term").filter({ hasText: adminPages.total }).waitFor();
    await page.getByRole("listitem").first().waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, "all-orders-390");
    await expectOffCanvasMenu(page, dashboardMenu.adminMenu, {
      link: dashboardMenu.manageReviews,
      url: "/dashboard/admin/manage__reviews",
    });

    const review = page.getByRole("listitem").filter({ hasText: comment });
    await review.waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, "manage-reviews-390");
    await review.getByRole("button", { name: manageReviewsPage.hide }).click();
    await review.getByText(manageReviewsPage.hidden, { exact: true }).waitFor();
    expect(await carouselShows(page, comment)).toBe(false);

    await page.goto("/dashboard/admin/manage__reviews");
    await review.getByRole("button", { name: manageReviewsPage.show }).click();
    await review.getByText(manageReviewsPage.shown, { exact: true }).waitFor();
    expect(await carouselShows(page, comment)).toBe(true);
  });
});
