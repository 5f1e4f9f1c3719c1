import { formatMajorMoney } from "@agency/contract/money";
import { request as playwrightRequest } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { orderPaymentTexts, refundForm } from "../web/app/lib/messages";
import { newAccount, registerAccount, signInApi, signInAsOwner } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { baseUrl, confirmDialog, screenshot, toast, useBrowser } from "./support/browser";
import { expectRevenueThisMonth } from "./support/overview";
import { order, pay, plans } from "./support/shop";

const money = (amount: number) => formatMajorMoney(amount, "usd");

const browser = useBrowser();
const customerApi = await playwrightRequest.newContext({
  baseURL: baseUrl,
  extraHTTPHeaders: { origin: baseUrl },
});

afterAll(() => customerApi.dispose());

describe("a partial refund", () => {
  it("the owner gives back part of a paid order with a reason, and sees it in the order's payments and the Overview", async () => {
    const { page, context } = browser;
    await signInAsOwner(context);
    const overview = async () =>
      (await (await page.request.get("/api/admin/overview")).json()) as {
        revenueThisMonth: number;
      };
    const before = (await overview()).revenueThisMonth;

    const customer = newAccount("refunded");
    await registerAccount(customerApi, customer);
    await signInApi(customerApi, customer);
    const [plan] = (await plans(customerApi)) as ({ newPrice: number } & Awaited<
      ReturnType<typeof plans>
    >[number])[];
    if (!plan) throw new Error("no plan to buy");
    const orderId = await order(customerApi, plan);
    await pay(customerApi, orderId);

    // The owner refunds $5 of it: the form offers all that is left, the owner asks for less.
    await page.goto(`/dashboard/admin/orders/${orderId}`);
    const payments = page.getByRole("region", { name: orderPaymentTexts.heading });
    const form = payments.getByRole("form", { name: refundForm.heading });
    const amount = form.getByLabel(refundForm.amount("$"));
    await expect.poll(() => amount.inputValue()).toBe(plan.newPrice.toFixed(2));
    await amount.fill("5");
    await form.getByLabel(refundForm.reason).fill("The first draft was late");
    await form.getByRole("button", { name: refundForm.submit }).click();
    await confirmDialog(page);
    await toast(page, refundForm.done(money(5))).waitFor();

    // The order's payments show the refund with its reason and what is left; the work goes on.
    await payments.getByText(orderPaymentTexts.reason("The first draft was late")).waitFor();
    await payments.getByText(orderPaymentTexts.left(money(5), money(plan.newPrice - 5))).waitFor();
    expect(await amount.inputValue()).toBe((plan.newPrice - 5).toFixed(2));
    await page.locator("h1 + [data-order-state]").filter({ hasText: "Submitted" }).waitFor();
    await screenshot(page, "refund-order-payments");
    await expectAccessible(page, "an order's payments and refund form");

    // The customer sees it on their order page.
    const own = (await (await customerApi.get(`/api/order/${orderId}`)).json()) as {
      refunds: { amount: number; reason: string }[];
    };
    expect(own.refunds).toEqual([expect.objectContaining({ amount: 5, reason: "The first draft was late" })]);

    // The Overview's revenue this month is net of it (worked out again within seconds of a refund).
    const expected = money(before + plan.newPrice - 5);
    await page.goto("/dashboard/admin/overview");
    await expectRevenueThisMonth(page, expected);
  });
});
