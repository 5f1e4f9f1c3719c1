import { describe, expect, it } from "vitest";
import { orderDetail, overviewPage, subscriptionTexts as t } from "../web/app/lib/messages";
import { createCustomer, mailed, signInAsOwner } from "./support/accounts";
import { open, useBrowser } from "./support/browser";
import { buyAndPay } from "./support/checkout";

const browser = useBrowser();

describe("a cancelled plan", () => {
  it("is cancelled with a reason the owner then reads in the Overview and on the order", async () => {
    const { page, context } = browser;
    const customer = await createCustomer(context, "leaving");
    await buyAndPay(page, "Standard");

    await page.getByRole("link", { name: "My Orders" }).click();
    const row = page.getByRole("row").filter({ hasText: "Standard" });
    await row.getByText(/Renews on /).waitFor();
    const opener = row.getByRole("button", { name: t.cancel, exact: true });

    // Keeping the plan closes the dialog and changes nothing.
    await opener.click();
    const dialog = page.getByRole("dialog", { name: t.cancelQuestion("Standard") });
    await dialog.getByText(/stays active until/).waitFor();
    await dialog.getByRole("button", { name: t.keepPlan }).last().click();
    await dialog.waitFor({ state: "hidden" });
    await row.getByText(/Renews on /).waitFor();

    const reason = "We are taking the marketing in-house next year.";
    await opener.click();
    await dialog.getByLabel(t.reasonLabel).fill(reason);
    await dialog.getByRole("button", { name: t.cancelConfirm }).click();
    await page.getByRole("status").filter({ hasText: t.cancelled }).waitFor();
    await row.getByText(/Cancelled - ends on /).waitFor();

    // The owner, signed in elsewhere: told by mail, then the Overview and the order say why.
    const ownerContext = await context.browser()?.newContext({ baseURL: new URL(page.url()).origin });
    if (!ownerContext) throw new Error("no second browser context");
    const owner = await signInAsOwner(ownerContext);
    // Other journeys cancel Standard plans too: the owner's notice about this customer's one.
    const notice = await mailed(owner.email, /^Plan cancelled: Standard/, (mail) =>
      mail.text.includes(customer.email),
    );
    expect(notice.text).toContain(reason);
    const ownerPage = await ownerContext.newPage();
    await open(ownerPage, "/dashboard/admin/overview");
    // The panel itself: the reason is also counted among the churn's reasons on the same page.
    const panel = ownerPage.getByRole("region", { name: overviewPage.cancellationsHeading }).first();
    const cancellation = panel.getByRole("row").filter({ hasText: reason });
    await cancellation.waitFor();
    await cancellation.getByRole("link").click();
    await ownerPage.waitForURL("**/dashboard/admin/orders/**");
    await ownerPage.getByText(orderDetail.planCancelled).waitFor();
    await ownerPage.getByText(orderDetail.cancelReason(reason)).waitFor();
    await ownerContext.close();
  });
});
