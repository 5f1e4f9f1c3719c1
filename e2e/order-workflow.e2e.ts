import { workflowMessages } from "@agency/contract";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  briefQuestionsPage,
  briefTexts,
  orderDetail,
  orderFilters,
  orderMessages,
  threadTexts,
  workflowActions,
} from "../web/app/lib/messages";
import { adminEmail, createCustomer, mailed, signInAsOwner } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { baseUrl, confirmDialog, hydrated, screenshot, toast, useBrowser } from "./support/browser";
import { buyAndPay } from "./support/checkout";

const browser = useBrowser();

type Upload = { name: string; mimeType: string; buffer: Buffer };
const logo: Upload = {
  name: "logo.png",
  mimeType: "image/png",
  buffer: Buffer.from("89504e470d0a1a0a", "hex"),
};
const delivery: Upload = {
  name: "first-version.pdf",
  mimeType: "application/pdf",
  buffer: Buffer.from("%PDF-1.4\n% first version\n"),
};

/** Chooses files in a form's file input; each is stored at once and listed with its size or its refusal. */
async function attach(form: Locator, label: string, files: Upload[]) {
  await form.getByLabel(label, { exact: true }).setInputFiles(files);
}

async function send(page: Page, text: string) {
  const form = page.getByRole("form", { name: threadTexts.newMessage });
  await form.getByLabel(threadTexts.message, { exact: true }).fill(text);
  await form.getByRole("button", { name: threadTexts.send }).click();
  await toast(page, threadTexts.sent).waitFor();
  await page
    .getByRole("list", { name: threadTexts.heading })
    .getByRole("listitem")
    .filter({ hasText: text })
    .waitFor();
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function stateBadge(page: Page, label: string) {
  return page.locator("h1 + [data-order-state]").filter({ hasText: label });
}

async function openAdminContext(context: BrowserContext): Promise<Page> {
  const owner = context.browser();
  if (!owner) throw new Error("no browser");
  const adminContext = await owner.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  await signInAsOwner(adminContext);
  const page = await adminContext.newPage();
  page.on("pageerror", (error) => browser.errors.push(`admin page: ${error.message}`));
  return page;
}

describe("an order's work between the customer and the agency", () => {
  it("brief, messages with files, delivery and approval, with the history on both sides and the mails", async () => {
    const { page, context } = browser;
    const customer = await createCustomer(context);

    // The customer pays (the spec's flow), then follows the link to the brief.
    await buyAndPay(page, "Standard");
    const briefLink = page.getByRole("link", { name: /^Fill in the brief for order #\d+$/ });
    await briefLink.waitFor();
    const number = ((await briefLink.textContent()) ?? "").replace(/^.* (#\d+)$/, "$1");
    await briefLink.click();
    await page.waitForURL(/\/dashboard\/my-orders\/[0-9a-f-]+$/);
    const orderPath = new URL(page.url()).pathname;
    const orderId = orderPath.split("/").pop() ?? "";
    await page.getByRole("heading", { name: orderDetail.heading(number), level: 1 }).waitFor();
    await stateBadge(page, "Submitted").waitFor();

    // Required questions are named when left empty; then the brief goes.
    const brief = page.getByRole("form", { name: briefTexts.heading });
    await brief.getByRole("button", { name: briefTexts.submit }).click();
    await brief
      .getByText(/^Please answer “.+”\.$/)
      .first()
      .waitFor();
    await expectAccessible(page, "brief form with its problems");
    for (const field of await brief.getByRole("textbox").all()) {
      const kind = await field.getAttribute("type");
      await field.fill(kind === "url" ? "https://customer.example" : "More customers from search");
    }
    await brief.getByRole("button", { name: briefTexts.submit }).click();
    await toast(page, briefTexts.sent).waitFor();
    await page.getByText("https://customer.example").first().waitFor();

    // A file the shop refuses says why and is not sent; a good one goes with the message.
    const messageForm = page.getByRole("form", { name: threadTexts.newMessage });
    await attach(messageForm, threadTexts.files, [
      { name: "empty.txt", mimeType: "text/plain", buffer: Buffer.alloc(0) },
      { name: "tool.exe", mimeType: "application/x-msdownload", buffer: Buffer.from("MZ") },
    ]);
    await messageForm.getByText(workflowMessages.emptyFile).waitFor();
    await messageForm.getByText(workflowMessages.fileType).waitFor();
    await messageForm.getByRole("button", { name: threadTexts.removeFile("empty.txt") }).click();
    await messageForm.getByRole("button", { name: threadTexts.removeFile("tool.exe") }).click();
    await attach(messageForm, threadTexts.files, [logo]);
    await messageForm.getByText(threadTexts.size(logo.buffer.length)).waitFor();
    await send(page, "Our logo is attached: see https://customer.example/brand for the colours.");
    const thread = page.getByRole("list", { name: threadTexts.heading });
    const brandLink = thread.getByRole("link", { name: "https://customer.example/brand" });
    expect(await brandLink.getAttribute("href")).toBe("https://customer.example/brand");
    await thread.getByRole("link", { name: threadTexts.download(logo.name) }).waitFor();
    await screenshot(page, "order-detail-customer-1280");
    await expectAccessible(page, "customer order detail");

    // The agency finds the order by the customer's e-mail, with the unread message in the menu.
    const admin = await openAdminContext(context);
    await admin.goto("/dashboard/admin/all__orders");
    await hydrated(admin);
    await admin.getByRole("link", { name: /^All Orders\s*\d+ unread messages?$/ }).waitFor();
    await admin.getByRole("searchbox", { name: orderFilters.search }).fill(customer.email);
    await admin.getByRole("button", { name: orderFilters.searchButton }).click();
    const row = admin.getByRole("row").filter({ hasText: customer.email });
    await row.getByText("Submitted").waitFor();
    // The heading row and this customer's only order.
    await expect.poll(() => admin.getByRole("row").count()).toBe(2);
    await row.getByRole("link", { name: orderDetail.openLabel(number) }).click();
    await admin.waitForURL(`**/dashboard/admin/orders/${orderId}`);
    await admin.getByText("More customers from search").first().waitFor();
    const logoLink = admin.getByRole("link", { name: threadTexts.download(logo.name) });
    const download = await admin.request.get((await logoLink.getAttribute("href")) ?? "");
    expect(download.status()).toBe(200);
    expect(Buffer.from(await download.body()).equals(logo.buffer)).toBe(true);

    await send(admin, "Thank you: we start today.");
    const noteForm = admin.getByRole("form", { name: threadTexts.newMessage });
    await noteForm.getByLabel(threadTexts.internalSwitch).check();
    await send(admin, "Internal: check the logo's licence.");
    await admin
      .getByRole("list", { name: threadTexts.heading })
      .getByRole("listitem")
      .filter({ hasText: "check the logo's licence" })
      .getByText(threadTexts.internal)
      .waitFor();

    await admin.getByRole("button", { name: workflowActions.start }).click();
    await confirmDialog(admin);
    await toast(admin, workflowActions.started).waitFor();
    await stateBadge(admin, "In progress").waitFor();

    const deliver = admin.getByRole("form", { name: workflowActions.deliverHeading });
    await deliver.getByLabel(workflowActions.deliverNote).fill("Here is the first version.");
    await attach(deliver, workflowActions.deliverFiles, [delivery]);
    await deliver.getByText(threadTexts.size(delivery.buffer.length)).waitFor();
    await deliver.getByRole("button", { name: workflowActions.deliver, exact: true }).click();
    await confirmDialog(admin);
    await toast(admin, workflowActions.delivered).waitFor();
    await stateBadge(admin, "Delivered").waitFor();
    await screenshot(admin, "order-detail-admin-1280");
    await expectAccessible(admin, "admin order detail");

    // The customer sees the new state beside the spec's words, the answer and the delivery, and approves.
    await page.goto("/dashboard/my-orders");
    await hydrated(page);
    const myRow = page.getByRole("row").filter({ hasText: number });
    await myRow.getByText(orderMessages.done, { exact: true }).waitFor();
    await myRow.getByText(orderMessages.started, { exact: true }).waitFor();
    await myRow.getByText("Delivered", { exact: true }).waitFor();
    await page.getByRole("link", { name: /^My Orders\s*\d+ unread messages?$/ }).waitFor();
    await expectAccessible(page, "my orders with the order's progress");
    await myRow.getByRole("link", { name: orderDetail.openLabel(number) }).click();
    await page.waitForURL(`**${orderPath}`);
    await page.getByText("Thank you: we start today.").waitFor();
    expect(await page.getByText("check the logo's licence").count()).toBe(0);
    await page.getByText("Here is the first version.").waitFor();
    await page.getByRole("link", { name: threadTexts.download(delivery.name) }).waitFor();
    // Reading the thread marks it read: the menu's count goes.
    await expect.poll(() => page.getByRole("link", { name: /unread message/ }).count()).toBe(0);

    await page.getByRole("button", { name: workflowActions.approve }).click();
    await confirmDialog(page);
    await toast(page, workflowActions.approved).waitFor();
    await stateBadge(page, "Complete").waitFor();

    // Both sides see who moved the order, and when.
    const expectHistory = async (on: Page) => {
      const history = on.getByRole("list", { name: orderDetail.history });
      await history.getByText(orderDetail.historyLine("Complete")).waitFor();
      for (const line of [
        orderDetail.paidLine,
        orderDetail.historyLine("In progress"),
        orderDetail.historyLine("Delivered"),
      ])
        await history.getByText(line).waitFor();
      await history.getByText(orderDetail.by(customer.name, orderDetail.sides.customer)).first().waitFor();
      await history.getByText(orderDetail.by("Shop Owner", orderDetail.sides.admin)).first().waitFor();
    };
    await expectHistory(page);
    await admin.reload();
    await expectHistory(admin);
    await admin.context().close();

    // Every step reached the customer's mailbox, and the approval the agency's.
    for (const subject of [
      `Order ${number}: tell us about your project`,
      `We are working on order ${number}`,
      `Order ${number} is delivered: please review it`,
      `Order ${number} is complete`,
    ])
      await mailed(customer.email, new RegExp(`^${escaped(subject)}$`));
    await mailed(adminEmail, new RegExp(`^${escaped(`Order ${number} approved`)}$`));
  });
});

describe("the brief's questions", () => {
  it("an admin adds a required question to a plan, and the plan's next customer is asked it", async () => {
    const { page, context } = browser;
    const admin = await openAdminContext(context);
    const question = `Your budget ${Date.now().toString(36)}`;
    await admin.goto("/dashboard/admin");
    await hydrated(admin);
    await admin.getByRole("link", { name: briefQuestionsPage.menu }).click();
    await admin.getByRole("heading", { name: briefQuestionsPage.heading, level: 1 }).waitFor();
    await admin.getByLabel(briefQuestionsPage.plan).selectOption({ label: "Premium (monthly)" });
    const editor = admin.getByRole("form", { name: briefQuestionsPage.heading });
    await editor.getByLabel(briefQuestionsPage.label, { exact: true }).first().waitFor();
    await editor.getByRole("button", { name: briefQuestionsPage.add }).click();
    const added = editor.getByRole("listitem").last();
    await added.getByLabel(briefQuestionsPage.label, { exact: true }).fill(question);
    await added.getByLabel(briefQuestionsPage.required, { exact: true }).check();
    await editor.getByRole("button", { name: briefQuestionsPage.save }).click();
    await toast(admin, briefQuestionsPage.saved).waitFor();
    await expectAccessible(admin, "brief questions");
    await admin.context().close();

    await createCustomer(context);
    await buyAndPay(page, "Premium");
    await page.getByRole("link", { name: /^Fill in the brief for order #\d+$/ }).click();
    const brief = page.getByRole("form", { name: briefTexts.heading });
    await brief.getByLabel(new RegExp(`^${question}`)).waitFor();
    await brief.getByRole("button", { name: briefTexts.submit }).click();
    await brief.getByText(briefTexts.missing(question)).waitFor();
  });
});
