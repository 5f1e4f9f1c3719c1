import { open, type useBrowser } from "./browser";

type BrowserState = ReturnType<typeof useBrowser>;

/** A customer's steps through the pricing cards, the checkout, the alerts and the card form. */
export function shopping(browser: BrowserState) {
  function toast(text: string) {
    return browser.page.getByRole("status").filter({ hasText: text });
  }

  async function clickBuy(card: "Standard" | "Premium" | "Extended") {
    const { page } = browser;
    await open(page, "/home");
    await page
      .getByRole("article", { name: card })
      .getByRole("link", { name: /Buy Now/ })
      .click();
  }

  async function openCheckout(card: "Standard" | "Premium" | "Extended") {
    const { page } = browser;
    await clickBuy(card);
    await page.waitForURL(/\/checkout\//);
    await page.getByRole("heading", { name: "Ready To Checkout" }).waitFor();
  }

  async function confirmOrder(phone = "0123456789") {
    const { page } = browser;
    await page.getByLabel("Phone number").fill(phone);
    await page.getByRole("button", { name: "Confirm Order" }).click();
  }

  async function closeAlert() {
    await browser.page.locator(".swal2-confirm").click();
    await browser.page.locator(".swal2-popup").waitFor({ state: "hidden" });
  }

  async function payWith(cardNumber: string) {
    const { page } = browser;
    const form = page.getByRole("form", { name: "Card" });
    await form.getByLabel("Card number").fill(cardNumber);
    await form.getByLabel("Expiry (MM/YY)").fill("12/34");
    await form.getByLabel("CVC").fill("123");
    await form.getByRole("button", { name: /^Pay / }).click();
  }

  return { toast, clickBuy, openCheckout, confirmOrder, closeAlert, payWith };
}
