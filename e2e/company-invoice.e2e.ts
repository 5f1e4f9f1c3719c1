import type { Page } from "playwright-core";
import { describe, it } from "vitest";
import { receiptPage, salesDetailPage, salesForm, salesPage } from "../web/app/lib/messages";
import { companiesPage, companyDetailPage } from "../web/app/lib/messages/admin-companies";
import { colleaguesPage, joinCompanyPage } from "../web/app/lib/messages/companies";
import {
  createCustomer,
  mailed,
  mailedLink,
  newAccount,
  registerAccount,
  signInAsOwner,
  signInContext,
} from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { baseUrl, confirmDialog, hydrated, open, screenshot, toast, useBrowser } from "./support/browser";
import { buyAndPay, payWith } from "./support/checkout";

const browser = useBrowser();

const acme = {
  name: "Acme Robotics GmbH",
  address: "Hauptstraße 1\n10115 Berlin\nGermany",
  vatId: `DE${String(Date.now()).slice(-9)}`,
};

/** A page of its own, 390 px wide, for a colleague on their phone. */
async function phonePage(): Promise<Page> {
  const owner = browser.context.browser();
  if (!owner) throw new Error("no browser");
  const context = await owner.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 } });
  const phone = await context.newPage();
  phone.on("pageerror", (error) => browser.errors.push(`bookkeeper page: ${error.message}`));
  return phone;
}

describe("a client company's invoice", () => {
  it("the agency invoices the company, its bookkeeper pays on a phone, the receipt names the company and the agency finds it", async () => {
    const { page, context } = browser;
    const ceo = await createCustomer(context, "ceo");
    await buyAndPay(page, "Standard");

    // The CEO gives the company's details and invites the bookkeeper as Billing.
    await open(page, "/dashboard/colleagues");
    await page.getByRole("heading", { name: colleaguesPage.heading, level: 1 }).waitFor();
    const details = page.getByRole("form", { name: colleaguesPage.detailsHeading });
    await details.getByLabel(colleaguesPage.companyName).fill(acme.name);
    await details.getByLabel(colleaguesPage.address).fill(acme.address);
    await details.getByLabel(colleaguesPage.vatId).fill(acme.vatId);
    await details.getByRole("button", { name: colleaguesPage.saveDetails }).click();
    await toast(page, colleaguesPage.detailsSaved).waitFor();
    const bookkeeper = newAccount("bookkeeper");
    const invite = page.getByRole("form", { name: colleaguesPage.inviteHeading });
    await invite.getByLabel(colleaguesPage.inviteEmail).fill(bookkeeper.email);
    await invite.getByLabel(colleaguesPage.inviteRole).selectOption("billing");
    await invite.getByRole("button", { name: colleaguesPage.sendInvitation }).click();
    await toast(page, colleaguesPage.invitationSent(bookkeeper.email)).waitFor();

    // The bookkeeper joins from the mailed link on a phone.
    const joinPath = new URL((await mailed(bookkeeper.email, /invited you/)).link ?? "").pathname;
    const phone = await phonePage();
    await registerAccount(phone.context().request, bookkeeper);
    await signInContext(phone.context(), bookkeeper);
    await phone.goto(joinPath);
    await hydrated(phone);
    await phone.getByRole("button", { name: joinCompanyPage.accept }).click();
    await toast(phone, joinCompanyPage.joined(acme.name)).waitFor();

    // The agency invoices the CEO, the company's person it knows.
    await context.clearCookies();
    await signInAsOwner(context);
    const { now } = (await (await context.request.get("/api/admin/test-tools")).json()) as { now: string };
    await open(page, "/dashboard/admin/sales");
    await page.getByRole("link", { name: salesPage.newInvoice }).click();
    await page.getByRole("heading", { name: salesPage.newHeading("invoice") }).waitFor();
    await page.getByLabel(salesForm.email).fill(ceo.email);
    await page.getByLabel(salesForm.description).fill("Brand workshop");
    await page.getByLabel(salesForm.quantity).fill("1");
    await page.getByLabel(salesForm.unitPriceIn("$")).fill("900");
    await page
      .getByLabel(salesForm.dueDate)
      .fill(new Date(new Date(now).getTime() + 14 * 86_400_000).toISOString().slice(0, 10));
    await page.getByRole("button", { name: salesForm.save }).click();
    await page.waitForURL(/\/dashboard\/admin\/sales\/[0-9a-f-]{36}$/);
    await page.getByRole("button", { name: salesDetailPage.send }).click();
    await confirmDialog(page);
    await toast(page, salesDetailPage.sent).waitFor();
    const heading = page.getByRole("heading", { level: 1, name: /^INV-\d{4}-\d{4}$/ });
    await heading.waitFor();
    const number = (await heading.textContent()) ?? "";

    // The CEO forwards the mailed link; the bookkeeper opens it, sees the company on it and pays.
    const link = await mailedLink(ceo.email, new RegExp(`^Invoice ${number} `));
    await phone.goto(new URL(link).pathname);
    await phone.getByRole("heading", { level: 1, name: number }).waitFor();
    await phone.getByText(acme.name).waitFor();
    await phone.getByText(`VAT ID: ${acme.vatId}`).waitFor();
    await hydrated(phone);
    await expectAccessible(phone, "an invoice to a company on a phone");
    await screenshot(phone, "company-invoice-390");
    await phone.getByRole("button", { name: /^Pay by card$/ }).click();
    await phone.waitForURL(/\/dashboard\/payment\//);
    await payWith(phone, "4242 4242 4242 4242");
    await phone.waitForURL("**/dashboard/payment-history");
    await hydrated(phone);

    // The receipt prints the company with its address and VAT ID.
    await phone
      .getByRole("listitem")
      .filter({ hasText: "Brand workshop" })
      .getByRole("link", { name: /^Receipt for order / })
      .click();
    await phone.getByRole("heading", { name: receiptPage.title, level: 1 }).waitFor();
    await phone.getByText(acme.name).waitFor();
    await phone.getByText("10115 Berlin").waitFor();
    await phone.getByText(`VAT ID: ${acme.vatId}`).waitFor();
    await screenshot(phone, "company-receipt-390");
    await phone.context().close();

    // The agency finds the company by its VAT ID, with its two people and no invoice left open.
    await open(page, "/dashboard/admin/companies");
    await page.getByRole("heading", { name: companiesPage.heading, level: 1 }).waitFor();
    await page.getByRole("searchbox", { name: companiesPage.search }).fill(acme.vatId);
    await page.getByRole("link", { name: companiesPage.open(acme.name) }).click();
    await page.getByRole("heading", { name: acme.name, level: 1 }).waitFor();
    const people = page.getByRole("region", { name: companyDetailPage.peopleHeading });
    await people.getByText(ceo.email).waitFor();
    await people.getByText(bookkeeper.email).waitFor();
    await page.getByText(companyDetailPage.noDocuments).waitFor();
    await expectAccessible(page, "a company for the agency");
    await screenshot(page, "admin-company-1280");
  });
});
