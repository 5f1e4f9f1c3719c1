import { describe, expect, it } from "vitest";
import { subscriptionTexts, testModeTexts } from "../web/app/lib/messages";
import { createCustomer, signInAsOwner } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { screenshot, useBrowser } from "./support/browser";
import { buyAndPay } from "./support/checkout";

const browser = useBrowser();

function toast(text: string) {
  return browser.page.getByRole("status").filter({ hasText: text });
}

describe("a monthly plan's subscription", () => {
  it("once cancelled ends at the period's end, resume undoes it, and it renews when the clock reaches the renewal", async () => {
    const { page, context } = browser;
    await createCustomer(context);
    await buyAndPay(page, "Standard");

    await page.getByRole("link", { name: "My Orders" }).click();
    const row = page.getByRole("row").filter({ hasText: "Standard" });
    await row.getByText("Done", { exact: true }).waitFor();
    await row.getByText(/Renews on /).waitFor();
    await expectAccessible(page, "my orders with a subscription");
    await screenshot(page, "my-orders-subscription-1280");

    await row.getByRole("button", { name: "Cancel", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel your Standard plan?" });
    await dialog.getByText(/stays active until/).waitFor();
    await dialog.getByRole("button", { name: "Cancel the plan" }).click();
    await toast("Your plan will not renew.").waitFor();
    await row.getByText(/Cancelled - ends on /).waitFor();
    // The spec's words for a paid order stay beside the new state.
    await row.getByText("Paid", { exact: true }).waitFor();

    await row.getByRole("button", { name: "Resume" }).click();
    await toast("Your plan renews again.").waitFor();
    await row.getByText(/Renews on /).waitFor();

    // A month later, by the owner's Test tools: the renewal is charged and shows in the history.
    const customerCookies = await context.cookies();
    await context.clearCookies();
    await signInAsOwner(context);
    await page.goto("/dashboard/admin/test-tools");
    await page.getByRole("heading", { name: testModeTexts.heading, level: 1 }).waitFor();
    await page.getByLabel(testModeTexts.advanceDays).fill("32");
    await page.getByRole("button", { name: testModeTexts.runDueRenewals }).click();
    await page
      .getByRole("status")
      .filter({ hasText: /due jobs? ran; the billing clock reads/ })
      .waitFor();
    await page
      .locator("[data-test-mode-band]")
      .getByText(/The billing clock is \d+ days ahead/)
      .waitFor();

    await context.clearCookies();
    await context.addCookies(customerCookies);
    await page.goto("/dashboard/payment-history");
    const renewals = page.getByRole("row").filter({ hasText: subscriptionTexts.renewal });
    await renewals.filter({ hasText: "Standard" }).first().waitFor();
    expect(await page.getByRole("row").filter({ hasText: "Standard" }).count()).toBe(2);
    await screenshot(page, "payment-history-renewal-1280");
  });
});
