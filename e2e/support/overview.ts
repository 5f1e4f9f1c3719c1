import type { Page } from "playwright-core";
import { expect } from "vitest";
import { overviewPage } from "../../web/app/lib/messages";

/**
 * The open Overview comes to show `expected` as this month's revenue: the server works its figures
 * out again within seconds of a payment or a refund, and Refresh asks again.
 */
export async function expectRevenueThisMonth(page: Page, expected: string): Promise<void> {
  const revenue = page.getByTestId("revenue-this-month");
  await expect
    .poll(
      async () => {
        const shown = await revenue.textContent();
        if (shown !== expected) await page.getByRole("button", { name: overviewPage.refresh }).click();
        return shown;
      },
      { timeout: 20_000, interval: 1000 },
    )
    .toBe(expected);
}
