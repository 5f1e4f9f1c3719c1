import { ruleTriggerLabels, templateMessages } from "@agency/contract";
import { request as playwrightRequest } from "playwright-core";
import { describe, expect, it } from "vitest";
import { currencyEditor, overviewPage, threadTexts } from "../web/app/lib/messages";
import {
  menuGroups,
  rulesPage,
  setupChecklist as t,
  templatesPage,
  workloadPage,
} from "../web/app/lib/messages/workday";
import { createCustomer, newAccount, registerAccount, signInApi, signInAsOwner } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { baseUrl, confirmDialog, open, screenshot, toast, useBrowser } from "./support/browser";
import { order, pay, plans } from "./support/shop";

const browser = useBrowser();

/** A customer signed in on an API client of their own. */
async function createCustomerApi(api: Parameters<typeof registerAccount>[0]) {
  const account = newAccount("customer");
  await registerAccount(api, account);
  await signInApi(api, account);
  return account;
}

describe("the team's day", () => {
  it("opens the Owner's dashboard on the Overview, whose setup checklist shrinks as the brand and currency are saved and steps set aside", async () => {
    const { page, context } = browser;
    await signInAsOwner(context);
    await open(page, "/dashboard");
    await page.waitForURL("**/dashboard/admin/overview");
    await page.getByRole("heading", { name: overviewPage.heading, level: 1 }).waitFor();
    const menu = page.getByRole("navigation");
    for (const group of Object.values(menuGroups)) await menu.getByRole("list", { name: group }).waitFor();

    const checklist = page.getByRole("region", { name: t.heading });
    await checklist.waitFor();
    await expectAccessible(page, "overview with the setup checklist");
    await screenshot(page, "overview-setup-checklist");
    const left = () => checklist.getByRole("listitem").count();

    // The brand and the currency, when the shop has not saved them yet, are followed to Site content.
    for (const step of ["brand", "currency"] as const) {
      const item = checklist.getByRole("listitem").filter({ hasText: t.steps[step].title });
      if ((await item.count()) === 0) continue;
      const before = await left();
      await item.getByRole("link", { name: t.steps[step].action ?? "" }).click();
      await page.waitForURL("**/dashboard/admin/site-content");
      if (step === "brand") {
        const identity = page.getByRole("form", { name: "Site identity" });
        await identity.getByRole("button", { name: "Save site identity" }).click();
        await toast(page, "The site identity is saved.").waitFor();
      } else {
        const form = page.getByRole("form", { name: currencyEditor.heading });
        await form.getByRole("button", { name: currencyEditor.save }).click();
        await page.getByRole("status").filter({ hasText: currencyEditor.saved }).waitFor();
      }
      await open(page, "/dashboard/admin/overview");
      await checklist.waitFor();
      await expect.poll(left).toBe(before - 1);
    }

    // Offline, the shop takes test payments and writes mail to its outbox: both steps stay open
    // until the Owner sets them aside.
    const payments = checklist.getByRole("listitem").filter({ hasText: t.steps.payments.title });
    await payments.getByText(t.steps.payments.text).waitFor();
    const before = await left();
    await checklist.getByRole("button", { name: t.dismissLabel(t.steps.mail.title) }).click();
    await expect.poll(left).toBe(before - 1);
    await open(page, "/dashboard/admin/overview");
    await page.getByRole("heading", { name: overviewPage.heading, level: 1 }).waitFor();
    await checklist.getByText(t.steps.payments.title).waitFor();
    expect(await checklist.getByText(t.steps.mail.title).count()).toBe(0);
  });

  it("shows the Owner each member's workload, and saves a member's capacity", async () => {
    const { page, context } = browser;
    const owner = await signInAsOwner(context);
    await open(page, "/dashboard/admin/overview");
    await page.getByRole("navigation").getByRole("link", { name: workloadPage.menu }).click();
    await page.getByRole("heading", { name: workloadPage.heading, level: 1 }).waitFor();
    const row = page
      .getByRole("row")
      .filter({ has: page.getByRole("link", { name: workloadPage.openBoard(owner.name) }) });
    await row.getByLabel(workloadPage.capacityLabel(owner.name)).fill("32");
    await row.getByRole("button", { name: workloadPage.save }).first().click();
    await toast(page, workloadPage.saved(owner.name)).waitFor();
    await row.getByText(/ of 32 h$/).waitFor();
    await expectAccessible(page, "workload");
    await screenshot(page, "workload");
    await row.getByRole("link", { name: workloadPage.openBoard(owner.name) }).click();
    await page.waitForURL(/\/dashboard\/admin\/board\?assignee=/);
  });

  it("refuses a reply template with an unknown variable, saves it, and fills it in for an order's thread", async () => {
    const { page, context } = browser;
    // A customer orders and pays, through the API.
    const customer = await createCustomer(context);
    const [plan] = await plans(context.request);
    if (!plan) throw new Error("the shop has no plans");
    const orderId = await order(context.request, plan);
    await pay(context.request, orderId);
    await context.clearCookies();
    await signInAsOwner(context);
    await open(page, "/dashboard/admin/templates");
    const form = page.getByRole("form", { name: templatesPage.add });
    const name = `Welcome ${Date.now().toString(36)}`;
    await form.getByLabel(templatesPage.name).fill(name);
    await form.getByLabel(templatesPage.body).fill("Hello {{customer.nam}}");
    await form.getByRole("button", { name: templatesPage.add }).click();
    await form.getByText(templateMessages.unknown(["customer.nam"])).waitFor();
    await form
      .getByLabel(templatesPage.body)
      .fill("Hello {{customer.name}}, order {{order.number}} is in our hands.");
    await form.getByRole("button", { name: templatesPage.add }).click();
    await toast(page, templatesPage.added).waitFor();
    await page.getByRole("heading", { name, level: 3 }).waitFor();
    await expectAccessible(page, "reply templates");

    await open(page, `/dashboard/admin/orders/${orderId}`);
    await page.getByLabel(templatesPage.insert).selectOption({ label: name });
    await expect
      .poll(() =>
        page
          .getByRole("form", { name: threadTexts.newMessage })
          .getByLabel(threadTexts.message, { exact: true })
          .inputValue(),
      )
      .toMatch(new RegExp(`^Hello ${customer.name}, order #\\d+ is in our hands\\.$`));
  });

  it("runs a rule written in a form: a paid Premium order goes to the least loaded member with the welcome template", async () => {
    const { page, context } = browser;
    const owner = await signInAsOwner(context);
    const welcome = `Welcome ${Date.now().toString(36)}`;
    const saved = await context.request.post("/api/admin/templates", {
      data: {
        name: welcome,
        body: "Welcome aboard, {{customer.name}}: {{member.name}} takes order {{order.number}}.",
      },
      headers: { origin: baseUrl },
    });
    expect(saved.status()).toBe(200);
    const [premium] = (await plans(context.request)).filter(
      (plan) => plan.service === "Premium" && plan.duration === "monthly",
    );
    if (!premium) throw new Error("the shop has no Premium monthly plan");

    await open(page, "/dashboard/admin/rules");
    const form = page.getByRole("form", { name: rulesPage.newHeading });
    const name = `Premium welcome ${Date.now().toString(36)}`;
    await form.getByLabel(rulesPage.name, { exact: true }).fill(name);
    await form
      .getByLabel(rulesPage.when, { exact: true })
      .selectOption({ label: ruleTriggerLabels.order_paid });
    await form.getByLabel(rulesPage.plan, { exact: true }).selectOption({ label: "Premium (monthly)" });
    await form.getByLabel(rulesPage.assign, { exact: true }).check();
    await form
      .getByLabel(rulesPage.assignMode, { exact: true })
      .selectOption({ label: rulesPage.modes.least_loaded });
    await form.getByRole("group", { name: rulesPage.members }).getByLabel(owner.name).check();
    await form.getByLabel(rulesPage.post, { exact: true }).check();
    await form.getByLabel(rulesPage.template, { exact: true }).selectOption({ label: welcome });
    await form.getByRole("button", { name: rulesPage.save }).click();
    await toast(page, rulesPage.saved).waitFor();
    const rule = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
    await rule.waitFor();
    await expectAccessible(page, "rules");
    await screenshot(page, "rules");

    // A customer buys Premium monthly: the worker runs the rule.
    const buyer = await playwrightRequest.newContext({ baseURL: baseUrl });
    const customer = await createCustomerApi(buyer);
    const orderId = await order(buyer, premium);
    await pay(buyer, orderId);
    await buyer.dispose();
    await expect
      .poll(
        async () =>
          (
            (await (await context.request.get(`/api/admin/orders/${orderId}`)).json()) as {
              assignee?: { id: string } | null;
            }
          ).assignee?.id,
        { timeout: 15_000 },
      )
      .toBe((await (await context.request.get("/api/auth/get-session")).json()).user.id);
    await open(page, `/dashboard/admin/orders/${orderId}`);
    await page
      .getByText(new RegExp(`^Welcome aboard, ${customer.name}: ${owner.name} takes order #\\d+\\.$`))
      .waitFor();

    // The workload counts it, and the rule lists its run; the rule is then deleted.
    await open(page, "/dashboard/admin/workload");
    const row = page
      .getByRole("row")
      .filter({ has: page.getByRole("link", { name: workloadPage.openBoard(owner.name) }) });
    expect(Number((await row.getByRole("cell").nth(1).textContent())?.match(/^\d+/)?.[0])).toBeGreaterThan(0);
    await open(page, "/dashboard/admin/rules");
    await rule.getByText(rulesPage.runs).click();
    await rule.getByText(`assigned to ${owner.name}; message posted`, { exact: false }).waitFor();
    await rule.getByRole("button", { name: rulesPage.delete }).click();
    await confirmDialog(page);
    await toast(page, rulesPage.deleted).waitFor();
  });
});
