import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { catalogEditor, checkoutMessages, checkoutPromo, promoEditor } from "../web/app/lib/messages";
import { createCustomer, signInAsOwner } from "./support/accounts";
import { baseUrl, confirmDialog, useBrowser } from "./support/browser";
import { closeAlert, confirmOrder, payWith } from "./support/checkout";
import { order, plans } from "./support/shop";

const browser = useBrowser();

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

/** A second browser, signed in as a new customer, beside the owner's. */
async function customerBrowser(owner: BrowserContext) {
  const chromium = owner.browser();
  if (!chromium) throw new Error("no browser");
  const context = await chromium.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  const account = await createCustomer(context, "promo-customer");
  return { context, page: await context.newPage(), account };
}

/** The landing page's pricing cards, as a visitor's browser shows them (monthly or yearly). */
async function pricingCard(page: Page, name: string, path = "/home") {
  await page.goto(path);
  await page.getByRole("heading", { name: "Standard" }).first().waitFor();
  return page.getByRole("article", { name });
}

describe("the owner's catalog editor", () => {
  it("adds a service and a plan, changes a price, archives a plan with orders, and a promo code discounts a customer's order", async () => {
    const { page, context } = browser;
    await signInAsOwner(context);
    const stamp = Date.now().toString(36);
    const serviceTitle = `Podcasts ${stamp}`;
    const planName = `Launch${stamp}`;

    // A service, shown on the landing page.
    await page.goto("/dashboard/admin/catalog");
    await page.getByRole("heading", { name: catalogEditor.heading, level: 1 }).waitFor();
    await page.getByRole("button", { name: catalogEditor.addService }).click();
    const serviceForm = page.getByRole("form", { name: catalogEditor.addService });
    await serviceForm.getByLabel(catalogEditor.serviceTitle).fill(serviceTitle);
    await serviceForm
      .getByLabel(catalogEditor.serviceDescription)
      .fill("Shows that bring listeners to your brand.");
    await serviceForm.getByLabel(catalogEditor.serviceImage).fill("/images/services/marketing.svg");
    await serviceForm.getByRole("button", { name: catalogEditor.create }).click();
    await toast(page, catalogEditor.added).waitFor();
    await page.goto("/");
    await page.getByText(serviceTitle).waitFor();

    // A plan, on the monthly pricing cards.
    await page.goto("/dashboard/admin/catalog");
    await page.getByRole("button", { name: catalogEditor.addPlan }).click();
    const planForm = page.getByRole("form", { name: catalogEditor.addPlan });
    await planForm.getByLabel(catalogEditor.planName).fill(planName);
    await planForm.getByLabel(catalogEditor.planTagline).fill("For a shop opening its doors");
    await planForm.getByLabel(catalogEditor.oldPrice).fill("120");
    await planForm.getByLabel(catalogEditor.newPrice).fill("80");
    for (const [index, name] of ["Audit", "Reports", "Ads", "Support"].entries()) {
      await planForm.getByLabel(`Feature ${index + 1} name`).fill(name);
      await planForm.getByLabel(`Feature ${index + 1} detail`).fill(`${name} detail`);
    }
    await planForm.getByLabel(`Feature 4: ${catalogEditor.featureIncluded}`).uncheck();
    await planForm.getByRole("button", { name: catalogEditor.create }).click();
    await toast(page, catalogEditor.added).waitFor();
    const card = await pricingCard(page, planName);
    await card.getByText("$80.00", { exact: true }).waitFor();

    // A customer orders it at 80 $.
    const customer = await customerBrowser(context);
    const plan = (await plans(customer.context.request)).find((candidate) => candidate.service === planName);
    if (!plan) throw new Error("the new plan is not in the pricing list");
    await order(customer.context.request, plan);

    // The owner changes the price: the pricing card shows it, the order keeps 80 $.
    await page.goto("/dashboard/admin/catalog");
    const planRow = page.getByRole("listitem").filter({ hasText: `${planName} (monthly)` });
    await planRow.getByRole("button", { name: catalogEditor.changePrice }).click();
    const priceForm = page.getByRole("form", { name: catalogEditor.priceHeading(planName) });
    await priceForm.getByLabel(catalogEditor.newPrice).fill("95");
    await priceForm.getByRole("button", { name: catalogEditor.savePrice }).click();
    await toast(page, catalogEditor.priceChanged(0)).waitFor();
    await (await pricingCard(page, planName)).getByText("$95.00", { exact: true }).waitFor();

    // Archived, since it has an order: off the pricing cards, still on the customer's order at 80 $.
    await page.goto("/dashboard/admin/catalog");
    await planRow.getByRole("button", { name: catalogEditor.remove }).click();
    await confirmDialog(page);
    await toast(page, catalogEditor.planArchivedDone).waitFor();
    await planRow.getByText(catalogEditor.archived).waitFor();
    await pricingCard(page, "Premium");
    expect(await page.getByRole("article", { name: planName }).count()).toBe(0);
    await customer.page.goto("/dashboard/my-orders");
    const archivedOrder = customer.page.getByRole("row").filter({ hasText: planName });
    await archivedOrder.getByText("$80.00").waitFor();

    // A promo code, used by the customer at checkout: the order and its payment carry 79.20 $.
    const code = `WELCOME${stamp}`.toUpperCase();
    await page.goto("/dashboard/admin/promo-codes");
    const promoForm = page.getByRole("form", { name: promoEditor.add });
    await promoForm.getByLabel(promoEditor.code).fill(code);
    await promoForm.getByLabel(promoEditor.value).fill("20");
    await promoForm.getByRole("button", { name: promoEditor.create }).click();
    await toast(page, promoEditor.created).waitFor();
    await page.getByRole("listitem").filter({ hasText: code }).getByText(promoEditor.uses(0, null)).waitFor();

    const shopper = customer.page;
    const premium = await pricingCard(shopper, "Premium");
    await premium.getByRole("link", { name: /Buy Now/ }).click();
    await shopper.getByRole("heading", { name: checkoutMessages.heading }).waitFor();
    const summary = shopper.getByRole("complementary", { name: checkoutMessages.summary });
    const promo = summary.getByRole("form", { name: checkoutMessages.promoLabel });
    await promo.getByLabel(checkoutMessages.promoLabel).fill(code.toLowerCase());
    await promo.getByRole("button", { name: checkoutMessages.apply }).click();
    await summary.getByText(checkoutPromo.applied(code)).waitFor();
    await summary.getByText("$19.80", { exact: true }).waitFor();
    await summary.getByText("$79.20", { exact: true }).waitFor();
    await confirmOrder(shopper);
    await shopper.locator(".swal2-popup").getByText("You have to pay 79.20 $").waitFor();
    await shopper.waitForURL("**/dashboard/my-orders");
    await closeAlert(shopper);
    const premiumOrder = shopper.getByRole("row").filter({ hasText: "Premium" });
    await premiumOrder.getByText("$79.20").waitFor();
    await premiumOrder.getByRole("link", { name: "Pay Now" }).click();
    await shopper.waitForURL(/\/dashboard\/payment\//);
    await payWith(shopper, "4242 4242 4242 4242");
    await shopper.waitForURL("**/dashboard/payment-history");
    await shopper.getByRole("row").filter({ hasText: "Premium" }).getByText("$79.20").waitFor();

    await page.goto("/dashboard/admin/promo-codes");
    await page.getByRole("listitem").filter({ hasText: code }).getByText(promoEditor.uses(1, null)).waitFor();
    await customer.context.close();
  });
});
