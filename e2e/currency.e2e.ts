import { formatMajorMoney } from "@agency/contract/money";
import { describe, expect, it } from "vitest";
import { currencyEditor } from "../web/app/lib/messages";
import { signInAsOwner } from "./support/accounts";
import { hydrated, open, screenshot, useBrowser } from "./support/browser";
import { restoresShopCurrency } from "./support/currency";

const browser = useBrowser();

type Plan = { _id: string; service: string; duration: string; newPrice: number; currency: string };

const rememberCurrency = restoresShopCurrency();

describe("the shop's currency", () => {
  it("is set to euros by the owner, and the pricing page shows euros at once", async () => {
    const { page, context } = browser;
    rememberCurrency((await (await context.request.get("/api/site/content")).json()).money);
    await signInAsOwner(context);

    await open(page, "/dashboard/admin/site-content");
    const form = page.getByRole("form", { name: currencyEditor.heading });
    await form.getByLabel(currencyEditor.currency).selectOption("EUR");
    await form.getByLabel(currencyEditor.locale).fill("de-DE");
    await form.getByText(currencyEditor.preview(formatMajorMoney(1234.5, "eur", "de-DE"))).waitFor();
    await screenshot(page, "admin-shop-currency-1280");
    await form.getByRole("button", { name: currencyEditor.save }).click();
    await page.getByRole("status").filter({ hasText: currencyEditor.saved }).waitFor();

    const plans: Plan[] = await (await context.request.get("/api/pricing")).json();
    const standard = plans.find((plan) => plan.service === "Standard" && plan.duration === "monthly");
    expect(standard?.currency).toBe("eur");
    const price = formatMajorMoney(standard?.newPrice ?? 0, "eur", "de-DE");

    // The landing page's monthly pricing cards, rendered by the server in the new currency.
    await page.goto("/");
    await hydrated(page);
    const card = page.getByRole("article").filter({ hasText: "Standard" }).first();
    await expect.poll(() => card.textContent()).toContain(price);
    expect(await card.textContent()).not.toContain("$");
    await screenshot(page, "pricing-in-euros-1280");

    // The checkout writes the same price.
    await card.getByRole("link").last().click();
    await page.waitForURL(/\/checkout\//);
    await expect.poll(() => page.locator("main").textContent()).toContain(price);
  });
});
