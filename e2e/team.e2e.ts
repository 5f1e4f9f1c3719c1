import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  accountPages,
  assignmentTexts,
  boardPage,
  joinPage,
  periodTexts,
  teamPage,
  testModeTexts,
  threadTexts,
  workflowActions,
} from "../web/app/lib/messages";
import { timeTexts, unbilledTimeTexts, workloadPage } from "../web/app/lib/messages/workday";
import { createCustomer, mailed, newAccount, signInAsOwner, signInContext } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { baseUrl, confirmDialog, hydrated, screenshot, toast, useBrowser } from "./support/browser";
import { buyAndPay } from "./support/checkout";

const browser = useBrowser();

/** A second browser, signed in as someone else, with its page errors counted as failures. */
async function openContext(context: BrowserContext, name: string): Promise<Page> {
  const owner = context.browser();
  if (!owner) throw new Error("no browser");
  const other = await owner.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await other.newPage();
  page.on("pageerror", (error) => browser.errors.push(`${name} page: ${error.message}`));
  return page;
}

async function send(page: Page, text: string) {
  const form = page.getByRole("form", { name: threadTexts.newMessage });
  await form.getByLabel(threadTexts.message, { exact: true }).fill(text);
  await form.getByRole("button", { name: threadTexts.send }).click();
  await toast(page, threadTexts.sent).waitFor();
}

describe("the agency's team", () => {
  it("the owner invites a designer as Staff and assigns an order; the designer sees only that order, messages the customer and delivers, and cannot open the money, exports or the team", async () => {
    const { page, context } = browser;

    // Two customers pay for plans: one order goes to the designer, the other stays with nobody.
    await createCustomer(context);
    await buyAndPay(page, "Standard");
    const theirs = await createCustomer(context);
    await buyAndPay(page, "Premium");
    await page.goto("/dashboard/my-orders");
    await hydrated(page);
    const number = (
      (await page.getByRole("row").filter({ hasText: "Premium" }).first().textContent()) ?? ""
    ).match(/#\d+/)?.[0];
    expect(number).toBeTruthy();

    // The owner invites the designer from the team page.
    const owner = await openContext(context, "owner");
    await signInAsOwner(owner.context());
    await owner.goto("/dashboard/admin/team");
    await owner.getByRole("heading", { name: teamPage.heading, level: 1 }).waitFor();
    await hydrated(owner);
    const designer = newAccount("designer");
    const invite = owner.getByRole("form", { name: teamPage.inviteHeading });
    await invite.getByLabel(teamPage.inviteEmail).fill(designer.email);
    await invite.getByLabel(teamPage.inviteRole).selectOption({ label: "Staff" });
    await invite.getByRole("button", { name: teamPage.sendInvitation }).click();
    await toast(owner, teamPage.invitationSent(designer.email)).waitFor();
    await expectAccessible(owner, "team page");
    await screenshot(owner, "team-page-1280");

    // The designer joins from the mailed link, in a browser of their own.
    const mail = await mailed(designer.email, /invited to join/);
    expect(mail.link).toBeTruthy();
    const staff = await openContext(context, "designer");
    await staff.goto(new URL(mail.link ?? "").pathname);
    await staff.getByRole("heading", { name: joinPage.heading, level: 1 }).waitFor();
    await hydrated(staff);
    await staff.getByLabel(joinPage.name, { exact: true }).fill(designer.name);
    await staff.getByLabel(joinPage.password, { exact: true }).fill(designer.password);
    await staff.getByLabel(accountPages.confirmPassword, { exact: true }).fill(designer.password);
    await staff.getByRole("button", { name: joinPage.submit }).click();
    await staff.waitForURL("**/login**");
    await toast(staff, joinPage.joined).waitFor();

    // The owner assigns the Premium order to the designer.
    await owner.goto("/dashboard/admin/all__orders");
    await hydrated(owner);
    const row = owner.getByRole("row").filter({ hasText: theirs.email });
    await row.getByRole("link", { name: `Open order ${number}` }).click();
    await owner.waitForURL("**/dashboard/admin/orders/*");
    const orderPath = new URL(owner.url()).pathname;
    await owner.getByLabel(assignmentTexts.assignee, { exact: true }).selectOption({ label: designer.name });
    await toast(owner, assignmentTexts.assigned(designer.name)).waitFor();
    await mailed(designer.email, new RegExp(`Order ${number} is assigned to you`));

    // The designer signs in and sees that order only.
    await signInContext(staff.context(), designer);
    // A Staff member's dashboard opens on their work: the board.
    await staff.goto("/dashboard");
    await staff.waitForURL("**/dashboard/admin/board");
    await staff.goto("/dashboard/admin/all__orders");
    await hydrated(staff);
    // Staff sees the customer's name, never their e-mail (a role without customers.view).
    await staff.getByRole("row").filter({ hasText: theirs.name }).waitFor();
    expect(await staff.locator("main").textContent()).not.toContain(theirs.email);
    // The heading row and the one assigned order.
    await expect.poll(() => staff.getByRole("row").count()).toBe(2);
    await screenshot(staff, "staff-orders-1280");

    // They message the customer, start the work and deliver it.
    await staff.goto(orderPath);
    await hydrated(staff);
    await send(staff, "Hello from your designer: first drafts this week.");
    await staff.getByRole("button", { name: workflowActions.start }).click();
    await confirmDialog(staff);
    await toast(staff, workflowActions.started).waitFor();
    // They time the work from the order page, with the timer shown above every page, and add
    // an hour and a half spent before by hand.
    const time = staff.getByRole("region", { name: timeTexts.heading });
    await time.getByRole("button", { name: timeTexts.start }).click();
    await toast(staff, timeTexts.started).waitFor();
    await staff
      .getByRole("status")
      .filter({ hasText: `Timer running on order ${number}` })
      .waitFor();
    await time.getByRole("button", { name: timeTexts.stop }).click();
    await toast(staff, timeTexts.stopped("1 min")).waitFor();
    const added = time.getByRole("form", { name: timeTexts.add.heading });
    await added.getByLabel(timeTexts.add.hours).fill("1");
    await added.getByLabel(timeTexts.add.minutes).fill("30");
    await added.getByLabel(timeTexts.add.note).fill("Mood boards");
    await added.getByRole("button", { name: timeTexts.add.submit }).click();
    await toast(staff, timeTexts.add.done("1 h 30 min")).waitFor();
    await time.getByText(timeTexts.total("1 h 31 min")).waitFor();
    const deliver = staff.getByRole("form", { name: workflowActions.deliverHeading });
    await deliver.getByLabel(workflowActions.deliverNote).fill("The first drafts.");
    await deliver.getByRole("button", { name: workflowActions.deliver, exact: true }).click();
    await confirmDialog(staff);
    await toast(staff, workflowActions.delivered).waitFor();
    await expectAccessible(staff, "order page as staff");

    // The customer reads the designer's message.
    await page.goto("/dashboard/my-orders");
    await hydrated(page);
    await page.getByRole("row").filter({ hasText: "Premium" }).getByRole("link").first().click();
    await page.getByText("Hello from your designer: first drafts this week.").waitFor();
    await page.getByText("The first drafts.").waitFor();
    await page.getByRole("button", { name: workflowActions.approve }).click();
    await confirmDialog(page);
    await toast(page, workflowActions.approved).waitFor();

    // A month later the plan renews ("Run due renewals now"), and the order is back on the
    // designer's board, waiting for the new period's work.
    await owner.goto("/dashboard/admin/test-tools");
    await owner.getByRole("heading", { name: testModeTexts.heading, level: 1 }).waitFor();
    await hydrated(owner);
    await owner.getByLabel(testModeTexts.advanceDays).fill("32");
    await owner.getByRole("button", { name: testModeTexts.runDueRenewals }).click();
    await owner
      .getByRole("status")
      .filter({ hasText: /due jobs? ran; the billing clock reads/ })
      .waitFor();
    await staff.goto("/dashboard/admin/board");
    await hydrated(staff);
    const renewed = staff
      .getByRole("region", { name: new RegExp(`^${boardPage.columns.submitted}\\s?,`) })
      .getByRole("article", { name: new RegExp(`^${number} `) });
    await renewed.getByText(periodTexts.name(2)).waitFor();
    await screenshot(staff, "staff-board-renewed-1280");

    // Money, exports and the team are not theirs: the menu leaves them out and the server refuses them.
    await staff.goto("/dashboard/admin/all__orders");
    await hydrated(staff);
    expect(await staff.getByRole("link", { name: teamPage.menu, exact: true }).count()).toBe(0);
    expect(await staff.getByRole("link", { name: "Overview", exact: true }).count()).toBe(0);
    for (const url of ["/api/admin/overview", "/api/admin/orders.csv", "/api/team/members"]) {
      const response = await staff.request.get(url);
      expect([url, response.status()]).toEqual([url, 403]);
    }
    await staff.goto("/dashboard/admin/team");
    await staff
      .getByText(/Your role does not allow this|We couldn't load the team/)
      .first()
      .waitFor();

    // The owner bills the designer's two billable entries to the client company, at the designer's
    // hourly rate set on the Workload page.
    await owner.goto("/dashboard/admin/workload");
    await hydrated(owner);
    const designerRow = owner
      .getByRole("row")
      .filter({ has: owner.getByRole("link", { name: workloadPage.openBoard(designer.name) }) });
    await designerRow.getByLabel(`${workloadPage.rateLabel(designer.name)} ($)`).fill("80");
    await designerRow.getByRole("button", { name: workloadPage.save }).last().click();
    await toast(owner, workloadPage.rateSaved(designer.name)).waitFor();
    const orderId = orderPath.split("/").pop() ?? "";
    const listed = (await (
      await owner.request.get(`/api/orders?size=5&q=${encodeURIComponent(theirs.email)}`)
    ).json()) as { orders: { _id: string; company: { id: string } | null }[] };
    const company = listed.orders.find((order) => order._id === orderId)?.company?.id;
    expect(company).toBeTruthy();
    await owner.goto(`/dashboard/admin/companies/${company}`);
    await hydrated(owner);
    const unbilled = owner.getByRole("region", { name: unbilledTimeTexts.heading });
    await unbilled.getByText(unbilledTimeTexts.total("$121.33")).waitFor();
    await unbilled.getByLabel(unbilledTimeTexts.perEntry).check();
    await unbilled.getByRole("button", { name: unbilledTimeTexts.submit }).click();
    await owner.waitForURL(/\/dashboard\/admin\/sales\/[0-9a-f-]{36}$/);
    await owner.getByText(/: 1 h 30 min at \$80\.00\/h · Mood boards$/).waitFor();
    await screenshot(owner, "time-billed-to-a-draft-invoice");

    await owner.context().close();
    await staff.context().close();
  });
});
