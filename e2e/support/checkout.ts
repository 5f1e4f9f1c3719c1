import type { Page } from "playwright-core";
import { open } from "./browser";

export type PlanCard = "Standard" | "Premium" | "Extended";

export async function clickBuy(page: Page, card: PlanCard) {
  await open(page, "/home");
  await page
    .getByRole("article", { name: card })
    .getByRole("link", { name: /Buy Now/ })
    .click();
}

export async function openCheckout(page: Page, card: PlanCard) {
  await clickBuy(page, card);
  await page.waitForURL(/\/checkout\//);
  await page.getByRole("heading", { name: "Ready To Checkout" }).waitFor();
}

export async function confirmOrder(page: Page, phone = "0123456789") {
  await page.getByLabel("Phone number").fill(phone);
  await page.getByRole("button", { name: "Confirm Order" }).click();
}

/** Closes the order's confirmation dialog. */
export async function closeAlert(page: Page) {
  await page.locator(".swal2-confirm").click();
  await page.locator(".swal2-popup").waitFor({ state: "hidden" });
}

/** Fills the test provider's card form on the payment page and pays. */
export async function payWith(page: Page, cardNumber: string) {
  const form = page.getByRole("form", { name: "Card" });
  await form.getByLabel("Card number").fill(cardNumber);
  await form.getByLabel("Expiry (MM/YY)").fill("12/34");
  await form.getByLabel("CVC").fill("123");
  await form.getByRole("button", { name: /^Pay / }).click();
}

/** Orders the plan through the checkout page and pays it with the card that always succeeds. */
export async function buyAndPay(page: Page, card: PlanCard) {
  await openCheckout(page, card);
  await confirmOrder(page);
  await page.waitForURL("**/dashboard/my-orders");
  await closeAlert(page);
  await page.getByRole("row").filter({ hasText: card }).getByRole("link", { name: "Pay Now" }).click();
  await page.waitForURL(/\/dashboard\/payment\//);
  await payWith(page, "4242 4242 4242 4242");
  await page.waitForURL("**/dashboard/payment-history");
  // The address changes a moment before the payment page makes way for the history.
  await page.getByRole("heading", { name: "Payment History", level: 1 }).waitFor();
}
