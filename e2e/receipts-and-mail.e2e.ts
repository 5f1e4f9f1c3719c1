import { addressLines, PricingList, SiteContent } from "@agency/contract";
import { formatMajorMoney } from "@agency/contract/money";
import { describe, expect, it } from "vitest";
import { readPdf } from "../server/test/pdf-text";
import { jobsPage, notificationsPage, receiptPage, unsubscribePage } from "../web/app/lib/messages";
import { adminEmail, createCustomer, mailed, ownerAccount, signInAsOwner } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { downloadedBytes, open, screenshot, useBrowser } from "./support/browser";
import { buyAndPay } from "./support/checkout";
import { uniqueEmail } from "./support/leads";

/** Dollars as the pages write them (the shop sells in USD here). */
const money = (amount: number) => formatMajorMoney(amount, "usd");

const browser = useBrowser();

describe("receipts and mail", () => {
  it("pays for a plan, opens its receipt from Payment History, downloads the PDF and gets the mails", async () => {
    const { page, context } = browser;
    const customer = await createCustomer(context);
    const plans = PricingList.parse(await (await context.request.get("/api/pricing")).json());
    const standard = plans.find((plan) => plan.service === "Standard" && plan.duration === "monthly");
    expect(standard).toBeDefined();
    const price = money(standard?.newPrice ?? 0);

    await buyAndPay(page, "Standard");
    const payment = page.getByRole("row").filter({ hasText: "Standard" });
    await payment.waitFor();
    // The paid order's payment page is gone: nothing asks to pay it again.
    expect(await page.getByText("This order is already paid.").count()).toBe(0);
    await payment.getByRole("link", { name: receiptPage.link }).click();
    await page.waitForURL(/\/dashboard\/receipts\/[0-9a-f-]+$/);
    await page.getByRole("heading", { name: receiptPage.title, level: 1 }).waitFor();

    const number = (await page.getByText(/^R-\d{4}-\d{5}$/).textContent()) ?? "";
    // Numbered in the year of the shop's clock, which the renewal journeys move ahead of the wall's
    // (past New Year when they run in its last month).
    const year = Number(/^R-(\d{4})-\d{5}$/.exec(number)?.[1]);
    expect(year).toBeGreaterThanOrEqual(new Date().getFullYear());
    expect(year).toBeLessThanOrEqual(new Date().getFullYear() + 1);
    expect(await page.getByText(customer.name, { exact: true }).count()).toBe(1);
    expect(await page.getByText(customer.email, { exact: true }).count()).toBe(1);
    expect(await page.getByRole("cell", { name: price }).count()).toBeGreaterThan(0);
    expect(await page.getByText(receiptPage.card("visa", "4242")).count()).toBe(1);
    // The period paid for, and the issuer's logo and address as Site content gives them.
    expect(await page.getByText(receiptPage.period, { exact: true }).count()).toBe(1);
    const { site } = SiteContent.parse(await (await context.request.get("/api/site/content")).json());
    const document = page.getByRole("article", { name: receiptPage.title });
    expect(await document.getByRole("img", { name: site.name }).getAttribute("src")).toBe(site.logo);
    expect(await document.getByText(addressLines(site.address)[1] ?? "", { exact: true }).count()).toBe(1);
    await screenshot(page, "receipt-1280");
    await expectAccessible(page, "receipt");

    const pdfLink = page.getByRole("link", { name: receiptPage.downloadPdf });
    const [download] = await Promise.all([page.waitForEvent("download"), pdfLink.click()]);
    expect(download.suggestedFilename()).toBe(`receipt-${number}.pdf`);
    expect((await downloadedBytes(download)).subarray(0, 5).toString()).toBe("%PDF-");
    const pdf = await context.request.get((await pdfLink.getAttribute("href")) ?? "");
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 4).toString()).toBe("%PDF");
    const printed = readPdf(await pdf.body());
    expect(printed.lines).toContain(site.name);
    expect(printed.lines).toContain("Standard plan (monthly)");
    expect(printed.lines).toContain("Service period");
    expect(printed.lines).toContain("Total paid");
    expect(printed.images.length).toBeGreaterThan(0);

    const confirmation = await mailed(customer.email, /^Order #\d+ received: Standard \(monthly\)$/);
    expect(confirmation.text).toContain(price);
    const receiptMail = await mailed(customer.email, new RegExp(`^Your receipt ${number} for order #\\d+$`));
    expect(receiptMail.link).toBe(page.url());
  });

  it("unsubscribes the owner from a mailed notice, and Notifications turns the mail back on", async () => {
    const { page, context } = browser;
    const owner = await ownerAccount();
    const sender = `Unsubscriber ${Date.now().toString(36)}`;
    const sent = await context.request.post("/api/leads/contact", {
      data: { name: sender, email: uniqueEmail("contact"), message: "Please call me back." },
    });
    expect(sent.ok()).toBe(true);
    const notice = await mailed(adminEmail, new RegExp(`^New contact message from ${sender}$`));
    const link = new URL(notice.text.match(/^Unsubscribe: (\S+)$/m)?.[1] ?? "");
    expect(link.pathname).toBe("/unsubscribe");

    // A link whose signature was changed is refused with the server's reason.
    const forged = new URL(link);
    forged.searchParams.set("token", "x".repeat(32));
    await open(page, `${forged.pathname}${forged.search}`);
    await page.getByRole("button", { name: unsubscribePage.submit }).click();
    await page.getByRole("alert").filter({ hasText: "This unsubscribe link is not valid." }).waitFor();

    await open(page, `${link.pathname}${link.search}`);
    await page.getByText(unsubscribePage.question(adminEmail)).waitFor();
    await expectAccessible(page, "unsubscribe");
    await page.getByRole("button", { name: unsubscribePage.submit }).click();
    await page.getByRole("status").filter({ hasText: unsubscribePage.done }).waitFor();

    // Signed out, the settings link goes through the login page and back.
    await page.getByRole("link", { name: unsubscribePage.settingsLink }).click();
    await page.waitForURL(/\/login\?redirect=%2Fdashboard%2Fnotifications/);
    const login = page.getByRole("form", { name: "Login" });
    await login.getByLabel("Email address").fill(owner.email);
    await login.getByLabel("Password").fill(owner.password);
    await login.getByRole("button", { name: "Login" }).click();
    await page.waitForURL("**/dashboard/notifications");
    const optionalMail = page.getByRole("switch", { name: notificationsPage.optionalMail });
    await optionalMail.waitFor();
    expect(await optionalMail.isChecked()).toBe(false);
    await expectAccessible(page, "notifications");

    await optionalMail.check();
    await page.getByRole("button", { name: notificationsPage.save }).click();
    await page.getByRole("status").filter({ hasText: notificationsPage.saved }).waitFor();
    await page.reload();
    await optionalMail.waitFor();
    expect(await optionalMail.isChecked()).toBe(true);
  });

  it("shows the admin the mail jobs that ran, by status", async () => {
    const { page, context } = browser;
    const visitor = uniqueEmail("jobs");
    expect((await context.request.post("/api/newsletter", { data: { email: visitor } })).ok()).toBe(true);
    await mailed(visitor, /^Confirm your newsletter subscription/);

    await signInAsOwner(context);
    await open(page, "/dashboard/admin");
    await page.getByRole("link", { name: jobsPage.menu }).click();
    await page.getByRole("heading", { name: jobsPage.heading, level: 1 }).waitFor();
    await page.getByRole("button", { name: new RegExp(`^${jobsPage.statuses.done} \\(\\d+\\)$`) }).click();

    const visitorRows = page.getByRole("row").filter({ hasText: visitor });
    const row = visitorRows.filter({ hasText: /Confirm your newsletter subscription/ });
    // The mail is in the outbox a moment before its job is marked done.
    await expect
      .poll(async () => {
        if ((await row.count()) > 0) return true;
        await page.getByRole("button", { name: jobsPage.refresh }).click();
        return false;
      })
      .toBe(true);
    expect(await row.getByText(jobsPage.statuses.done, { exact: true }).count()).toBe(1);
    expect(await row.getByText(/^Confirm your newsletter subscription/).count()).toBe(1);
    expect(await row.getByRole("button", { name: /^Retry/ }).count()).toBe(0);
    // The job that wrote the mail reads as what it did, for whom.
    expect(await visitorRows.filter({ hasText: "Newsletter confirmation mail" }).count()).toBe(1);
    await expectAccessible(page, "mail and jobs");
  });
});
