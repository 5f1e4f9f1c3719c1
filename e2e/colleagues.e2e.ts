import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { threadTexts } from "../web/app/lib/messages";
import { colleaguesPage, joinCompanyPage } from "../web/app/lib/messages/companies";
import { createCustomer, mailed, newAccount, registerAccount, signInContext } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { baseUrl, hydrated, screenshot, toast, useBrowser } from "./support/browser";
import { buyAndPay } from "./support/checkout";

const browser = useBrowser();

const brandGuide = {
  name: "brand-guide.pdf",
  mimeType: "application/pdf",
  buffer: Buffer.from("%PDF-1.4\n% brand guide\n"),
};

async function send(page: Page, text: string) {
  const form = page.getByRole("form", { name: threadTexts.newMessage });
  await form.getByLabel(threadTexts.message, { exact: true }).fill(text);
  await form.getByRole("button", { name: threadTexts.send }).click();
  await toast(page, threadTexts.sent).waitFor();
}

describe("a client's colleagues", () => {
  it("the CEO buys a plan and invites a manager, who joins on a phone, sees the order and writes in its thread", async () => {
    const { page, context } = browser;
    const ceo = await createCustomer(context, "ceo");
    await buyAndPay(page, "Standard");

    // The CEO invites the manager from the dashboard's Colleagues page.
    await page.goto("/dashboard/colleagues");
    await page.getByRole("heading", { name: colleaguesPage.heading, level: 1 }).waitFor();
    await hydrated(page);
    const manager = newAccount("manager");
    const invite = page.getByRole("form", { name: colleaguesPage.inviteHeading });
    await invite.getByLabel(colleaguesPage.inviteEmail).fill(manager.email);
    await invite.getByLabel(colleaguesPage.inviteRole).selectOption("member");
    await invite.getByRole("button", { name: colleaguesPage.sendInvitation }).click();
    await toast(page, colleaguesPage.invitationSent(manager.email)).waitFor();
    await page.getByRole("region", { name: colleaguesPage.openHeading }).getByText(manager.email).waitFor();
    await expectAccessible(page, "colleagues page");
    await screenshot(page, "colleagues-1280");

    // The manager opens the mailed link on a phone, has an account made, signs in and accepts.
    const mail = await mailed(manager.email, /invited you/);
    const owner = context.browser();
    if (!owner) throw new Error("no browser");
    const phone = await (
      await owner.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 } })
    ).newPage();
    phone.on("pageerror", (error) => browser.errors.push(`manager page: ${error.message}`));
    const joinPath = new URL(mail.link ?? "").pathname;
    await phone.goto(joinPath);
    await phone.getByText(joinCompanyPage.signInFirst(manager.email)).waitFor();
    await registerAccount(phone.context().request, manager);
    await signInContext(phone.context(), manager);
    await phone.goto(joinPath);
    await hydrated(phone);
    await phone.getByRole("button", { name: joinCompanyPage.accept }).click();
    await phone.waitForURL("**/dashboard/my-orders");
    await toast(phone, joinCompanyPage.joined(ceo.name)).waitFor();
    await screenshot(phone, "colleague-joined-390");

    // The manager sees the CEO's order and writes in its thread, with the brand guide attached.
    await hydrated(phone);
    // On a phone the orders are cards, one list item each.
    await phone.getByRole("listitem").filter({ hasText: "Standard" }).getByRole("link").first().click();
    await hydrated(phone);
    const messageForm = phone.getByRole("form", { name: threadTexts.newMessage });
    await messageForm.getByLabel(threadTexts.files, { exact: true }).setInputFiles([brandGuide]);
    await messageForm.getByText(threadTexts.size(brandGuide.buffer.length)).waitFor();
    await send(phone, "Our brand colours are navy and sand.");
    await phone.context().close();

    // The CEO reads it, and the page now speaks of the company with its two people.
    await page.goto("/dashboard/my-orders");
    await hydrated(page);
    await page.getByRole("row").filter({ hasText: "Standard" }).getByRole("link").first().click();
    await page.getByText("Our brand colours are navy and sand.").waitFor();
    await page.getByRole("link", { name: threadTexts.download(brandGuide.name) }).waitFor();
    await page.getByText(manager.name).first().waitFor();
    await page.goto("/dashboard/colleagues");
    await page.getByRole("heading", { name: ceo.name, level: 1 }).waitFor();
    const people = page.getByRole("table", { name: colleaguesPage.peopleHeading });
    await expect.poll(() => people.getByRole("row").count()).toBe(3);
  });
});
