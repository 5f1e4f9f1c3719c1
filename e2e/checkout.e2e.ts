import { formatMajorMoney } from "@agency/contract/money";
import { request as playwrightRequest } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatBillingDate } from "../web/app/lib/dates";
import { renewalTermsMessages } from "../web/app/lib/messages";
import { createCustomer, ownerAccount, signInApi } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { baseUrl, screenshot, useBrowser } from "./support/browser";
import { clickBuy, closeAlert, confirmOrder, openCheckout, payWith } from "./support/checkout";

/** Dollars as the pages write them (the shop sells in USD here). */
const money = (amount: number) => formatMajorMoney(amount, "usd");

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
    // The address changes a moment before the payment page (whose order lines are rows too) makes way.
    await page.getByRole("heading", { name: "Payment History", level: 1 }).waitFor();
    const payment = page.getByRole("row").filter({ hasText: "Premium" });
    await payment.waitFor();
    expect(await payment.getByText("$99.00").count()).toBe(1);
    await screenshot(page, "payment-history-1280");

    await page.getByRole("link", { name: "My Orders" }).click();
    const paidRow = page.getByRole("row").filter({ hasText: "Premium" });
    await paidRow.getByText("Done", { exact: true }).waitFor();
    expect(await paidRow.getByText("Paid", { exact: true }).count()).toBe(1);
    // The work has not started yet, so the line says so instead of the spec's "Started".
    expect(await paidRow.getByText("Started", { exact: true }).count()).toBe(0);
    await paidRow.getByText("Not started", { exact: true }).waitFor();
  });

  it("tells the renewal terms with a first-payment code, takes a +44 phone and a 1230 expiry, and pays", async () => {
    const { page, context } = browser;
    // The owner hands out a code that halves the first payment only.
    const owner = await playwrightRequest.newContext({ baseURL: baseUrl });
    await signInApi(owner, await ownerAccount());
    const code = `HALF${Date.now().toString(36).toUpperCase()}`;
    const created = await owner.post("/api/admin/promo-codes", {
      headers: { origin: baseUrl },
      data: {
        code,
        kind: "percent",
        value: 50,
        validFrom: null,
        validTo: null,
        maxUses: null,
        planId: null,
        appliesTo: "first",
        disabled: false,
      },
    });
    expect(created.status()).toBe(201);
    await owner.dispose();

    const customer = await createCustomer(context);
    await openCheckout(page, "Standard");
    const planId = page.url().split("/checkout/")[1] ?? "";
    // The renewal date is the server's (its billing clock), read the way the page writes it.
    const terms = await (await context.request.get(`/api/pricing/${planId}/terms`)).json();
    const renewsOn = formatBillingDate(terms.renewal.firstRenewalAt);
    const price = terms.renewal.amount as number;
    const summary = page.getByRole("complementary", { name: "Order Summery" });
    const termsLine = summary.locator("[data-renewal-terms]");
    await termsLine
      .getByText(renewalTermsMessages.renews(money(price), "monthly", renewsOn), { exact: false })
      .waitFor();
    expect(await termsLine.textContent()).toBe(
      `${money(price)} today, ${renewalTermsMessages.renews(money(price), "monthly", renewsOn)}.`,
    );

    const promo = summary.getByRole("form", { name: "Promo or gift voucher" });
    await promo.getByLabel("Promo or gift voucher").fill(code.toLowerCase());
    await promo.getByRole("button", { name: "Apply" }).click();
    await summary.getByText(renewalTermsMessages.firstOnly(code)).waitFor();
    await expect
      .poll(() => termsLine.textContent())
      .toBe(`${money(price / 2)} today, ${renewalTermsMessages.renews(money(price), "monthly", renewsOn)}.`);
    await screenshot(page, "checkout-renewal-terms-1280");
    await expectAccessible(page, "checkout with renewal terms");

    await confirmOrder(page, "+44 7700 900123");
    await page.waitForURL("**/dashboard/my-orders");
    await closeAlert(page);
    const row = page.getByRole("row").filter({ hasText: "Standard" });
    await row.getByRole("link", { name: "Pay Now" }).click();
    await page.waitForURL(/\/dashboard\/payment\//);

    // The payment page tells the same terms before the card is taken.
    await page.getByText(renewalTermsMessages.firstOnly(code)).waitFor();
    expect(await page.locator("[data-renewal-terms]").textContent()).toBe(
      `${money(price / 2)} today, ${renewalTermsMessages.renews(money(price), "monthly", renewsOn)}.`,
    );

    const form = page.getByRole("form", { name: "Card" });
    await form.getByLabel("Card number").fill("4242 4242 4242 4242");
    const expiry = form.getByLabel("Expiry (MM/YY)");
    await expiry.pressSequentially("1230");
    expect(await expiry.inputValue()).toBe("12 / 30");
    await form.getByLabel("CVC").fill("123");
    await form.getByRole("button", { name: /^Pay / }).click();
    await page.waitForURL("**/dashboard/payment-history");
    // The address changes a moment before the payment page (whose order lines are rows too) makes way.
    await page.getByRole("heading", { name: "Payment History", level: 1 }).waitFor();
    const payment = page.getByRole("row").filter({ hasText: "Standard" });
    await payment.getByText(money(price / 2)).waitFor();

    const mine = await (
      await context.request.get(`/api/order?email=${encodeURIComponent(customer.email)}`)
    ).json();
    expect(mine.map((order: { phone: string }) => order.phone)).toEqual(["+447700900123"]);
  });

  it("answers an unknown plan with the not-found page and a 404", async () => {
    const { page, context } = browser;
    await createCustomer(context);
    const response = await page.goto("/checkout/abc");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "404 - Page Not Found" }).waitFor();
    await page.getByText("Oops", { exact: true }).waitFor();
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
    // Cancelling the question gives the focus back to the Delete button that asked it.
    const remove = row.getByRole("button", { name: "Delete" });
    await remove.focus();
    await page.keyboard.press("Enter");
    await page.locator(".swal2-cancel").click();
    await page.locator(".swal2-popup").waitFor({ state: "hidden" });
    await expect.poll(() => remove.evaluate((button) => button === document.activeElement)).toBe(true);
    await remove.click();
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
