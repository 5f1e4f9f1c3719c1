import { CheckoutPlan } from "@agency/contract";
import type { BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { readPdf } from "../server/test/pdf-text";
import { catalogEditor, checkoutMessages, orderLineTexts, receiptPage } from "../web/app/lib/messages";
import { createCustomer, signInAsOwner } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { baseUrl, open, screenshot, toast, useBrowser } from "./support/browser";
import { closeAlert, confirmOrder, payWith } from "./support/checkout";

const browser = useBrowser();

/** A second browser, signed in as a new customer, beside the owner's. */
async function customerBrowser(owner: BrowserContext) {
  const chromium = owner.browser();
  if (!chromium) throw new Error("no browser");
  const context = await chromium.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  await createCustomer(context, "addons-customer");
  return { context, page: await context.newPage() };
}

describe("add-ons at checkout", () => {
  it("the owner adds two add-ons to a plan, a customer ticks them, pays, and sees each line on the order and the receipt", async () => {
    const { page, context } = browser;
    await signInAsOwner(context);
    const planName = `Growth${Date.now().toString(36)}`;
    // A plan of this journey's own, so the other journeys' checkouts stay as they were.
    const created = await context.request.post("/api/admin/catalog/plans", {
      data: {
        service: planName,
        title: "For a shop that wants more",
        duration: "monthly",
        month: "month",
        oldPrice: 150,
        newPrice: 100,
        features: ["Audit", "Reports", "Ads", "Support"].map((name) => ({
          name,
          detail: name,
          included: true,
        })),
        highlighted: false,
        backgroundColor: "#ffffff",
        color: "#1f2a44",
      },
    });
    expect(created.status()).toBe(201);
    const planId: string = (await created.json()).insertedId;

    // The owner's catalog editor: two add-ons, one charged once and one every month.
    await open(page, "/dashboard/admin/catalog");
    const planRow = page
      .getByRole("listitem")
      .filter({ hasText: `${planName} (monthly)` })
      .first();
    await planRow.getByRole("button", { name: catalogEditor.addons(0) }).click();
    const addons = page.getByRole("region", { name: catalogEditor.addonsHeading(`${planName} (monthly)`) });
    for (const [name, price, every] of [
      ["Rush delivery", "50", false],
      ["Monthly report", "20", true],
    ] as const) {
      await addons.getByRole("button", { name: catalogEditor.addAddon }).click();
      const form = addons.getByRole("form", { name: catalogEditor.addAddon });
      await form.getByLabel(catalogEditor.addonName).fill(name);
      await form.getByLabel(catalogEditor.addonPrice).fill(price);
      if (every) await form.getByLabel(catalogEditor.addonEvery).check();
      await form.getByRole("button", { name: catalogEditor.create }).click();
      await toast(page, catalogEditor.added).last().waitFor();
      await addons.getByRole("listitem").filter({ hasText: name }).waitFor();
    }
    await addons.getByText("$20.00 every month").waitFor();
    await expectAccessible(page, "catalog-addons");
    const plan = CheckoutPlan.parse(await (await context.request.get(`/api/pricing/${planId}`)).json());
    expect(plan.addons.map((addon) => [addon.name, addon.price, addon.recurring])).toEqual([
      ["Rush delivery", 50, false],
      ["Monthly report", 20, true],
    ]);

    // A customer ticks both at checkout: the summary adds them up, the order is placed at 170 $.
    const customer = await customerBrowser(context);
    const shopper = customer.page;
    await open(shopper, `/checkout/${planId}`);
    await shopper.getByRole("heading", { name: checkoutMessages.heading }).waitFor();
    const choices = shopper.getByRole("group", { name: orderLineTexts.addons });
    await choices.getByLabel(orderLineTexts.addonChoice("Rush delivery", "$50.00", "once")).check();
    await choices.getByLabel(orderLineTexts.addonChoice("Monthly report", "$20.00", "every month")).check();
    const summary = shopper.getByRole("complementary", { name: checkoutMessages.summary });
    await summary.getByText("$170.00").first().waitFor();
    await summary.getByText("then $120.00 every month", { exact: false }).waitFor();
    await expectAccessible(shopper, "checkout-addons");
    await screenshot(shopper, "checkout-addons-1280");
    await confirmOrder(shopper);
    await shopper.locator(".swal2-popup").getByText("You have to pay 170.00 $").waitFor();
    await shopper.waitForURL("**/dashboard/my-orders");
    await closeAlert(shopper);

    // My Orders shows the add-ons under the plan and the order's total.
    const row = shopper.getByRole("row").filter({ hasText: planName });
    await row.getByText("$170.00").waitFor();
    await row.getByText("+ Rush delivery · $50.00 once").waitFor();
    await row.getByText("+ Monthly report · $20.00 every month").waitFor();

    // The payment page lists each line, and the test card pays the total.
    await row.getByRole("link", { name: "Pay Now" }).click();
    await shopper.waitForURL(/\/dashboard\/payment\//);
    const orderId = shopper.url().split("/").at(-1) ?? "";
    const lines = shopper.locator("[data-order-lines]");
    await lines.getByRole("cell", { name: "Rush delivery" }).waitFor();
    await lines.getByRole("cell", { name: "$170.00" }).waitFor();
    await payWith(shopper, "4242 4242 4242 4242");
    await shopper.waitForURL("**/dashboard/payment-history");
    // The address changes a moment before the payment page (whose order lines are rows too) makes way.
    await shopper.getByRole("heading", { name: "Payment History", level: 1 }).waitFor();
    const payment = shopper.getByRole("row").filter({ hasText: planName });
    await payment.getByText("$170.00").waitFor();

    // The receipt: each line at its own amount, on the page and in the PDF.
    await payment.getByRole("link", { name: receiptPage.link }).click();
    await shopper.waitForURL(/\/dashboard\/receipts\/[0-9a-f-]+$/);
    const receipt = shopper.getByRole("article", { name: receiptPage.title });
    await receipt.getByText(`${planName} plan (monthly)`).waitFor();
    for (const [description, amount] of [
      ["Rush delivery", "$50.00"],
      ["Monthly report", "$20.00"],
    ]) {
      const line = receipt.getByRole("row").filter({ hasText: description });
      expect(await line.getByRole("cell", { name: amount }).count()).toBe(1);
    }
    await receipt.getByRole("cell", { name: "$170.00" }).waitFor();
    const pdfLink = shopper.getByRole("link", { name: receiptPage.downloadPdf });
    const pdf = readPdf(
      await (await customer.context.request.get((await pdfLink.getAttribute("href")) ?? "")).body(),
    );
    expect(pdf.lines).toEqual(
      expect.arrayContaining([`${planName} plan (monthly)`, "Rush delivery", "Monthly report"]),
    );

    // The order's own page, for the customer and for the team.
    await open(shopper, `/dashboard/my-orders/${orderId}`);
    await shopper.locator("[data-order-lines]").getByRole("cell", { name: "Monthly report" }).waitFor();
    await open(page, `/dashboard/admin/orders/${orderId}`);
    await page.locator("[data-order-lines]").getByRole("cell", { name: "Rush delivery" }).waitFor();
    await customer.context.close();

    // The plan leaves the pricing pages again (archived: it has an order), for the other journeys.
    expect((await context.request.delete(`/api/admin/catalog/plans/${planId}`)).ok()).toBe(true);
  });
});
