import { describe, it } from "vitest";
import { createCustomer } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { screenshot, useBrowser } from "./support/browser";
import { buyAndPay } from "./support/checkout";

const browser = useBrowser();

function toast(text: string) {
  return browser.page.getByRole("status").filter({ hasText: text });
}

describe("a monthly plan's subscription", () => {
  it("renews after paying with 4242…, and once cancelled ends at the period's end; resume undoes it", async () => {
    const { page, context } = browser;
    await createCustomer(context);
    await buyAndPay(page, "Standard");

    await page.getByRole("link", { name: "My Orders" }).click();
    const row = page.getByRole("row").filter({ hasText: "Standard" });
    await row.getByText("Done").waitFor();
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
    await row.getByText("Started").waitFor();

    await row.getByRole("button", { name: "Resume" }).click();
    await toast("Your plan renews again.").waitFor();
    await row.getByText(/Renews on /).waitFor();
  });
});
