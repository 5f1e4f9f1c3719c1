import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReceiver } from "../server/test/webhook-receiver";
import { integrationsPage as t } from "../web/app/lib/messages";
import { createCustomer, signInAsOwner } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { confirmDialog, screenshot, toast, useBrowser } from "./support/browser";
import { buyAndPay } from "./support/checkout";

const browser = useBrowser();
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

describe("webhooks", () => {
  it("the owner adds an endpoint, a customer pays, the delivery shows as delivered, and Resend sends it again", async () => {
    const { page, context } = browser;
    await signInAsOwner(context);
    const ownerCookies = await context.cookies();
    await page.goto("/dashboard/admin/integrations");
    await page.getByRole("heading", { name: t.heading, level: 1 }).waitFor();

    const form = page.getByRole("form", { name: t.addWebhook });
    await form.getByLabel(t.url).fill(receiver.url);
    await form.getByLabel(t.description).fill("Journey receiver");
    await form.getByLabel(/order\.paid/).check();
    await form.getByRole("button", { name: t.add }).click();
    await toast(page, t.created).waitFor();
    const secret = (await page.getByTestId("signing-secret").textContent()) ?? "";
    expect(secret).toMatch(/^whsec_/);
    await expectAccessible(page, "integrations with a new webhook's secret");
    await page.getByRole("button", { name: t.secretDone }).click();

    // A customer buys a plan and pays for it.
    await context.clearCookies();
    const customer = await createCustomer(context);
    await buyAndPay(page, "Premium");

    // The shop's worker sends the payment to the receiver, signed with the secret shown once.
    await expect
      .poll(() => receiver.events().filter((event) => event.type === "order.paid").length, {
        timeout: 20_000,
      })
      .toBe(1);
    const [paid] = receiver.requests;
    const event = new Webhook(secret).verify(paid?.body ?? "", paid?.headers as Record<string, string>) as {
      id: string;
      data: { email: string; paid: boolean };
    };
    expect(event.data).toMatchObject({ email: customer.email, paid: true });

    await context.clearCookies();
    await context.addCookies(ownerCookies);
    await page.goto("/dashboard/admin/integrations");
    const card = page.getByRole("listitem").filter({ hasText: "Journey receiver" });
    await card.getByRole("button", { name: t.deliveries }).click();
    const row = card.getByRole("row").filter({ hasText: event.id });
    await row.getByText(t.statuses.delivered).waitFor();
    await row.getByRole("cell", { name: "200", exact: true }).waitFor();

    await row.getByRole("button", { name: t.resendFor(event.id) }).click();
    await toast(page, t.resent).waitFor();
    await expect.poll(() => receiver.requests.length, { timeout: 20_000 }).toBe(2);
    expect(receiver.requests.map((request) => request.headers["webhook-id"])).toEqual([event.id, event.id]);
    await card.getByRole("button", { name: t.refresh }).click();
    await expect.poll(() => card.getByRole("row").filter({ hasText: t.statuses.delivered }).count()).toBe(2);
    await screenshot(page, "integrations-deliveries-1280");

    // The endpoint goes, so later journeys' payments are not sent to a receiver that is gone.
    await card.getByRole("button", { name: `${t.remove} Journey receiver` }).click();
    await confirmDialog(page);
    await toast(page, t.removed).waitFor();
  });
});
