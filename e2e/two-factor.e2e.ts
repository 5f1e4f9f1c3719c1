import { formatOrderNumber } from "@agency/contract";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { type Page, request as playwrightRequest } from "playwright-core";
import { describe, expect, it } from "vitest";
import { accountMessages, accountPages, dashboardMenu } from "../web/app/lib/messages";
import { twoFactorPage } from "../web/app/lib/messages/two-factor";
import { mailedLink, newAccount, registerAccount, signInApi, signInAsOwner } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { baseUrl, hydrated, screenshot, toast, useBrowser } from "./support/browser";
import { order, pay } from "./support/shop";

const browser = useBrowser();
const origin = { origin: baseUrl };

/** The authenticator app: the current code of the secret the page showed. */
async function codeFor(page: Page): Promise<string> {
  const secret = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^[A-Z2-7]+$/);
  return createOTP(base32.decode(secret)).totp();
}

/** On the two-factor page: the password, the secret shown as text, a first code from it. */
async function setUpTwoFactor(page: Page, password: string) {
  const start = page.getByRole("form", { name: twoFactorPage.setUp });
  await start.getByLabel(twoFactorPage.password, { exact: true }).fill(password);
  await start.getByRole("button", { name: twoFactorPage.start }).click();
  await page.getByTestId("totp-uri").waitFor();
  expect(await page.getByTestId("totp-uri").textContent()).toMatch(/^otpauth:\/\/totp\//);
  await expect
    .poll(() => page.getByRole("list", { name: twoFactorPage.backupHeading }).getByRole("listitem").count())
    .toBe(10);
  const confirm = page.getByRole("form", { name: twoFactorPage.confirm });
  await confirm.getByLabel(twoFactorPage.codeLabel, { exact: true }).fill(await codeFor(page));
  const secret = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
  await confirm.getByRole("button", { name: twoFactorPage.confirm }).click();
  await page.getByText(twoFactorPage.enabled).waitFor();
  return secret;
}

/** A customer outside the browser who bought and paid a plan: the order, its price and the customer. */
async function paidOrder() {
  const api = await playwrightRequest.newContext({ baseURL: baseUrl });
  try {
    const customer = newAccount("client");
    await registerAccount(api, customer);
    await signInApi(api, customer);
    const [plan] = (await (await api.get("/api/pricing")).json()) as (Parameters<typeof order>[1] & {
      newPrice: number;
    })[];
    if (!plan) throw new Error("no plan to buy");
    const id = await order(api, plan);
    await pay(api, id);
    const mine = (await (await api.get("/api/order")).json()) as {
      _id: string;
      number: number;
      phone: string;
    }[];
    const placed = mine.find((each) => each._id === id);
    if (!placed) throw new Error("the order is not listed");
    return {
      id,
      number: formatOrderNumber(placed.number),
      price: plan.newPrice,
      phone: placed.phone,
      customer,
    };
  } finally {
    await api.dispose();
  }
}

/** The page's text holds no amount, no price of the order, and neither the customer's e-mail nor phone. */
async function expectNoMoneyOrContact(
  page: Page,
  bought: { price: number; phone: string; customer: { email: string } },
) {
  const text = (await page.locator("main").textContent()) ?? "";
  expect(text).not.toContain(bought.customer.email);
  expect(text).not.toContain(bought.phone);
  expect(text).not.toContain(bought.price.toFixed(2));
  expect(text).not.toMatch(/[$€£¥]\s?\d|\d\s?[$€£¥]/);
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await hydrated(page);
  await page.getByLabel(accountPages.email, { exact: true }).fill(email);
  await page.getByLabel(accountPages.password, { exact: true }).fill(password);
  await page.getByRole("button", { name: accountPages.loginButton }).click();
}

describe("two-factor sign-in for the team", () => {
  it("the owner requires it; a Staff member is sent to set it up at sign-in, signs in again with a code, and works an order without its money or contact", async () => {
    const { page, context } = browser;
    const ownerContext = await context.browser()?.newContext({ baseURL: baseUrl });
    if (!ownerContext) throw new Error("no browser");
    const owner = await ownerContext.newPage();
    owner.on("pageerror", (error) => browser.errors.push(`owner page: ${error.message}`));
    const ownerAccount = await signInAsOwner(ownerContext);

    try {
      // The owner turns it on for themselves, then requires it of the team.
      await owner.goto("/dashboard/two-factor");
      await owner.getByRole("heading", { name: twoFactorPage.heading, level: 1 }).waitFor();
      await hydrated(owner);
      await setUpTwoFactor(owner, ownerAccount.password);
      await owner.goto("/dashboard/admin/team");
      await owner.getByRole("heading", { name: twoFactorPage.teamHeading }).waitFor();
      await hydrated(owner);
      // The switch shows the saved setting: it turns once the server has it.
      await owner.getByLabel(twoFactorPage.requireLabel).click();
      await expect.poll(() => owner.getByLabel(twoFactorPage.requireLabel).isChecked()).toBe(true);
      await owner.getByText(twoFactorPage.required).waitFor();

      // A designer joins the team as Staff from the invitation.
      const designer = newAccount("designer");
      const invited = await ownerContext.request.post("/api/team/invitations", {
        data: { email: designer.email, role: "staff" },
        headers: origin,
      });
      expect(invited.status()).toBe(201);
      const token = new URL(await mailedLink(designer.email, /invited to join/)).pathname.split("/").pop();
      const joined = await context.request.post("/api/team/invitations/accept", {
        data: { token, name: designer.name, password: designer.password },
        headers: origin,
      });
      expect(joined.status(), await joined.text()).toBeLessThan(300);

      // Their first sign-in sends them to set it up: the team pages are closed until then.
      await logIn(page, designer.email, designer.password);
      await page.waitForURL("**/dashboard/two-factor?required=1");
      await page.getByText(twoFactorPage.requiredLead).waitFor();
      await hydrated(page);
      const secret = await setUpTwoFactor(page, designer.password);
      await expectAccessible(page, "two-factor set-up");
      await screenshot(page, "two-factor-setup-1280");
      await page.getByRole("link", { name: twoFactorPage.goToTeam }).click();
      await page.waitForURL("**/dashboard/admin**");

      // They sign out, and back in: the password, then a code from the app.
      await page.goto("/dashboard/profile");
      await hydrated(page);
      await page.getByRole("button", { name: dashboardMenu.logOut }).first().click();
      await page.getByRole("dialog").getByRole("button", { name: accountMessages.logOut }).click();
      await page.waitForURL("**/login**");
      await logIn(page, designer.email, designer.password);
      await page.getByText(twoFactorPage.codePrompt).waitFor();
      await page
        .getByLabel(twoFactorPage.signInCode, { exact: true })
        .fill(await createOTP(base32.decode(secret)).totp());
      await page.getByRole("button", { name: twoFactorPage.verify }).click();
      await toast(page, accountMessages.loginSuccess).waitFor();
      await page.waitForURL("**/home");
      await page.goto("/dashboard/admin/board");
      await hydrated(page);
      expect(new URL(page.url()).pathname).toBe("/dashboard/admin/board");

      // The owner gives them a customer's paid order: Staff works it without its money or contact.
      const bought = await paidOrder();
      const staffSession = (await (await context.request.get("/api/auth/get-session")).json()) as {
        user: { id: string };
      };
      const assigned = await ownerContext.request.put(`/api/admin/orders/${bought.id}/assignee`, {
        data: { assigneeId: staffSession.user.id },
        headers: origin,
      });
      expect(assigned.status(), await assigned.text()).toBe(200);
      await page.goto(`/dashboard/admin/orders/${bought.id}`);
      await hydrated(page);
      await page.getByText(bought.customer.name).first().waitFor();
      await expectNoMoneyOrContact(page, bought);
      await page.goto("/dashboard/admin/board?assignee=me");
      await hydrated(page);
      await page.getByRole("article", { name: new RegExp(`^${bought.number} `) }).waitFor();
      await expectNoMoneyOrContact(page, bought);
    } finally {
      // The journeys after this one sign the owner in with the password alone.
      await ownerContext.request.put("/api/team/two-factor", { data: { required: false }, headers: origin });
      await ownerContext.request.post("/api/auth/two-factor/disable", {
        data: { password: ownerAccount.password },
        headers: origin,
      });
      await ownerContext.close();
    }
  });
});
