import { formatMajorMoney } from "@agency/contract/money";
import { describe, expect, it } from "vitest";
import { orderPaymentTexts, receiptPage, refundForm } from "../web/app/lib/messages";
import { signInAsOwner } from "./support/accounts";
import { baseUrl, confirmDialog, open, screenshot, toast, useBrowser } from "./support/browser";
import { restoresShopCurrency } from "./support/currency";
import { expectRevenueThisMonth } from "./support/overview";
import { expectOnBoard, quoteLandingPage, takePaidQuote } from "./support/sales";

const browser = useBrowser();
const euros = (amount: number) => formatMajorMoney(amount, "eur", "de-DE");

const rememberCurrency = restoresShopCurrency();

describe("custom work sold in euros", () => {
  it("is quoted at 1,200 EUR, accepted and paid, worked on the board, received in euros, and 200 EUR of it refunded", async () => {
    const { page, context } = browser;
    await signInAsOwner(context);
    rememberCurrency((await (await context.request.get("/api/site/content")).json()).money);
    const changed = await context.request.put("/api/admin/site/currency", {
      data: { currency: "EUR", locale: "de-DE" },
      headers: { origin: baseUrl },
    });
    expect(changed.status()).toBe(200);
    const overview = async () =>
      ((await (await context.request.get("/api/admin/overview")).json()) as { revenueThisMonth: number })
        .revenueThisMonth;
    // Other journeys share this shop, so the month's revenue is compared with what it was before.
    const before = await overview();

    const { quoteId } = await quoteLandingPage(browser, { price: 1200, money: euros, symbol: "€" });
    const order = await takePaidQuote(browser, quoteId);
    await expectOnBoard(page, order.number);

    // The receipt is in euros.
    const detail = (await (await context.request.get(`/api/admin/orders/${order.orderId}`)).json()) as {
      currency: string;
      payments: { receiptId: string | null }[];
    };
    expect(detail.currency).toBe("eur");
    await open(page, `/dashboard/receipts/${detail.payments[0]?.receiptId}`);
    await expect.poll(() => page.locator("main").textContent()).toContain(euros(1200));
    await screenshot(page, "receipt-in-euros");

    // The owner refunds 200 EUR of it, with a reason.
    await open(page, `/dashboard/admin/orders/${order.orderId}`);
    const payments = page.getByRole("region", { name: orderPaymentTexts.heading });
    const form = payments.getByRole("form", { name: refundForm.heading });
    await form.getByLabel(refundForm.amount("€")).fill("200");
    await form.getByLabel(refundForm.reason).fill("The landing page went live a week late");
    await form.getByRole("button", { name: refundForm.submit }).click();
    await confirmDialog(page);
    await toast(page, refundForm.done(euros(200))).waitFor();
    await payments.getByText(orderPaymentTexts.left(euros(200), euros(1000))).waitFor();

    // Its credit note says what was given back and why.
    const refunded = (await (await context.request.get(`/api/admin/orders/${order.orderId}`)).json()) as {
      refunds: { receiptId: string | null }[];
    };
    await open(page, `/dashboard/receipts/${refunded.refunds[0]?.receiptId}`);
    await page.getByRole("heading", { name: receiptPage.creditNoteTitle, level: 1 }).waitFor();
    await page.getByText("The landing page went live a week late").waitFor();
    await expect.poll(() => page.locator("main").textContent()).toContain(euros(-200));

    // The Overview's revenue this month grew by 1,000 EUR: 1,200 paid, 200 given back.
    const expected = euros(before + 1000);
    await open(page, "/dashboard/admin/overview");
    await expectRevenueThisMonth(page, expected);
    await screenshot(page, "overview-in-euros");
  });
});
