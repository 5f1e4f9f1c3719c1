import { describe, expect, it } from "vitest";
import { dashboardMenu, testModeTexts } from "../web/app/lib/messages";
import { createCustomer, signInAsOwner } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { hydrated, screenshot, useBrowser } from "./support/browser";

const browser = useBrowser();

describe("test mode", () => {
  it("is marked on the customer's and the owner's dashboards, and the clock controls live on Test tools", async () => {
    const { page, context } = browser;
    await createCustomer(context);
    await page.goto("/dashboard/my-orders");
    await hydrated(page);
    const band = page.locator("[data-test-mode-band]");
    await band.getByText(testModeTexts.band).waitFor();
    // A customer has no Test tools.
    expect(await page.getByRole("link", { name: testModeTexts.menu }).count()).toBe(0);

    await context.clearCookies();
    await signInAsOwner(context);
    await page.goto("/dashboard/admin/all__orders");
    await hydrated(page);
    await page.getByRole("heading", { name: "All Orders", level: 1 }).waitFor();
    await band.getByText(testModeTexts.band).waitFor();
    expect(await page.getByText(testModeTexts.runDueRenewals).count()).toBe(0);
    expect(await page.getByText(testModeTexts.advanceDays).count()).toBe(0);

    await page
      .getByRole("navigation", { name: dashboardMenu.adminMenu })
      .getByRole("link", { name: testModeTexts.menu })
      .click();
    await page.waitForURL("**/dashboard/admin/test-tools");
    await page.getByRole("heading", { name: testModeTexts.heading, level: 1 }).waitFor();
    await page.getByTestId("billing-clock").waitFor();
    await page.getByRole("button", { name: testModeTexts.runDueRenewals }).waitFor();
    await band.getByText(testModeTexts.band).waitFor();
    await screenshot(page, "test-tools-1280");
    await expectAccessible(page, "test tools");
  });
});
