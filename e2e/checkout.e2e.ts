import { describe, expect, it } from "vitest";
import { createCustomer } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { screenshot, useBrowser } from "./support/browser";
import { clickBuy, closeAlert, confirmOrder, openCheckout, payWith } from "./support/checkout";

const browser = useBrowser();

function toast(text: string) {
  return browser.page.getByRole("status").filter({ hasText: text });
}

describe("buying a plan", () => {
  it("checks out, pays by card and shows the order paid", async () => {
    const { page, context } = browser;
    const customer = await createCustomer(context);
    await openCheckout(page, "Premium");
    await page.getByRole("heading", { name: "Order Summery" }).waitFor();
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe(customer.name);
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(customer.email);
    expect(await page.getByLabel("Service quality").inputValue()).toBe("Premium");
    expect(await page.getByLabel("Package duration").inputValue()).toBe("monthly");
    expect(await page.getByLabel("Phone number").getAttribute("placeholder")).toBe("Example : 012345***");
    await screenshot(page, "checkout-1280");
    await expectAccessible(page, "checkout");

    await confirmOrder(page);
    const alert = page.locator(".swal2-popup");
    await alert.getByText("Congratulations!").waitFor();
    expect(await alert.getByText(`Well done ${customer.name}. You have to pay 99.00 $`).count()).toBe(1);
    await page.waitForURL("**/dashboard/my-orders");
    await closeAlert(page);

    const row = page.getByRole("row").filter({ hasText: "Premium" });
    await row.getByText("Pending").waitFor();
    await expectAccessible(page, "my orders");
    await row.getByRole("link", { name: "Pay Now" }).click();
    await page.waitForURL(/\/dashboard\/payment\//);
    await page.getByText("Test mode: no real charge.").waitFor();
    await expectAccessible(page, "payment");

    await payWith(page, "4000 0000 0000 0002");
    await alert.getByText("Payment Failed").waitFor();
    expect(await alert.locator(".swal2-title").textContent()).toBe("Payment Failed ");
    expect(await alert.getByText("Your card was declined.").count()).toBe(1);
    await expect.poll(() => page.getByText("Processing...Please wait!").count()).toBe(0);
    await closeAlert(page);

    await payWith(page, "4242 4242 4242 4242");
    await page.waitForURL("**/dashboard/payment-history");
    const payment = page.getByRole("row").filter({ hasText: "Premium" });
    await payment.waitFor();
    expect(await payment.getByText("$99.00").count()).toBe(1);
    await screenshot(page, "payment-history-1280");

    await page.getByRole("link", { name: "My Orders" }).click();
    const paidRow = page.getByRole("row").filter({ hasText: "Premium" });
    await paidRow.getByText("Done").waitFor();
    expect(await paidRow.getByText("Paid", { exact: true }).count()).toBe(1);
    expect(await paidRow.getByText("Started").count()).toBe(1);
  });

  it("refuses a second order of the same plan", async () => {
    const { page, context } = browser;
    await createCustomer(context);
    await openCheckout(page, "Standard");
    await confirmOrder(page);
    await page.waitForURL("**/dashboard/my-orders");
    await closeAlert(page);
    await openCheckout(page, "Standard");
    await confirmOrder(page);
    await toast("You have already purchased this service.").waitFor();
    await expect.poll(() => page.getByText("Processing...Please wait!").count()).toBe(0);
  });

  it("answers the promo form with the spec's messages and clears it", async () => {
    const { page, context } = browser;
    await createCustomer(context);
    await openCheckout(page, "Extended");
    const promo = page.getByRole("form", { name: "Promo or gift voucher" });
    await promo.getByRole("button", { name: "Apply" }).click();
    await toast("Please enter your promo code.").waitFor();
    await promo.getByLabel("Promo or gift voucher").fill("WELCOME10");
    await promo.getByRole("button", { name: "Apply" }).click();
    await toast("Opps! Promo code is not valid.").waitFor();
    expect(await promo.getByLabel("Promo or gift voucher").inputValue()).toBe("");
    expect(await page.getByText("$0.00", { exact: true }).count()).toBe(1);
  });

  it("deletes an unpaid order after confirmation", async () => {
    const { page, context } = browser;
    await createCustomer(context);
    await openCheckout(page, "Extended");
    await confirmOrder(page);
    await page.waitForURL("**/dashboard/my-orders");
    await closeAlert(page);
    const row = page.getByRole("row").filter({ hasText: "Extended" });
    await row.getByRole("button", { name: "Delete" }).click();
    await page.locator(".swal2-confirm").click();
    await page.getByText("You have no orders yet.").waitFor();
  });

  it("sends a signed-out visitor to login and back to the checkout", async () => {
    const { page, context } = browser;
    const customer = await createCustomer(context);
    await context.clearCookies();
    await clickBuy(page, "Premium");
    await page.waitForURL(/\/login\?redirect=%2Fcheckout%2F/);
    const login = page.getByRole("form", { name: "Login" });
    await login.getByLabel("Email address").fill(customer.email);
    await login.getByLabel("Password").fill(customer.password);
    await login.getByRole("button", { name: "Login" }).click();
    await page.getByRole("heading", { name: "Ready To Checkout" }).waitFor();
  });
});
