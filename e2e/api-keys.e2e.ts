import { apiKeyMessages } from "@agency/contract";
import { type APIRequestContext, request as playwrightRequest } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { apiKeysPage } from "../web/app/lib/messages";
import { newAccount, registerAccount, signInApi, signInAsOwner } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { baseUrl, confirmDialog, hydrated, screenshot, toast, useBrowser } from "./support/browser";
import { order, plans } from "./support/shop";

const browser = useBrowser();
const apis: APIRequestContext[] = [];

afterAll(async () => {
  await Promise.all(apis.map((api) => api.dispose()));
});

/** Another system, outside the browser, calling the API with `key`. */
async function system(key: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({
    baseURL: baseUrl,
    extraHTTPHeaders: { authorization: `Bearer ${key}` },
  });
  apis.push(api);
  return api;
}

/** A customer outside the browser who placed an order: its id. */
async function placedOrder(): Promise<string> {
  const api = await playwrightRequest.newContext({ baseURL: baseUrl });
  apis.push(api);
  const customer = newAccount("api-keys");
  await registerAccount(api, customer);
  await signInApi(api, customer);
  const [plan] = await plans(api);
  if (!plan) throw new Error("no plan to buy");
  return order(api, plan);
}

describe("API keys", () => {
  it("the owner makes a Staff key and copies it; a system lists the orders Staff may see with it, until the owner revokes it", async () => {
    const { page, context } = browser;
    const orderId = await placedOrder();
    await signInAsOwner(context);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });

    await page.goto("/dashboard/admin/api-keys");
    await page.getByRole("heading", { name: apiKeysPage.heading, level: 1 }).waitFor();
    await hydrated(page);
    const form = page.getByRole("form", { name: apiKeysPage.createHeading });
    const name = `Reporting ${Date.now()}`;
    await form.getByLabel(apiKeysPage.name, { exact: true }).fill(name);
    await form.getByLabel(apiKeysPage.role, { exact: true }).selectOption({ label: "Staff" });
    await form.getByRole("button", { name: apiKeysPage.create }).click();

    // Shown once, in a dialog: copied from there.
    const dialog = page.getByRole("dialog", { name: apiKeysPage.shownOnceTitle(name) });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: apiKeysPage.copy }).click();
    await dialog.getByRole("button", { name: apiKeysPage.copied }).waitFor();
    const key = await page.evaluate(() => navigator.clipboard.readText());
    expect(key).toMatch(/^ak_live_[A-Za-z0-9_-]{43}$/);
    expect(await dialog.getByLabel(apiKeysPage.keyLabel).inputValue()).toBe(key);
    await expectAccessible(page, "API key shown once");
    await screenshot(page, "admin-api-key-shown-once");
    await dialog.getByRole("button", { name: apiKeysPage.done, exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await page.content()).not.toContain(key);

    // The owner sees every order; the Staff key has none assigned, so it sees none.
    const everything = await (await page.request.get("/api/orders?size=100")).json();
    expect(everything.orders.map((each: { _id: string }) => each._id)).toContain(orderId);
    const api = await system(key);
    const listed = await api.get("/api/orders");
    expect(listed.status()).toBe(200);
    expect(await listed.json()).toMatchObject({ orders: [], counts: { total: 0 } });
    expect((await api.get(`/api/admin/orders/${orderId}`)).status()).toBe(404);
    expect((await api.get("/api/admin/overview")).status()).toBe(403);

    // The list shows the key by name, role and prefix, and when it was last used.
    await page.reload();
    await hydrated(page);
    const row = page.getByRole("row").filter({ hasText: name });
    await row.waitFor();
    const text = (await row.textContent()) ?? "";
    expect(text).toContain("Staff");
    expect(text).toContain(`${key.slice(0, 12)}…`);
    expect(text.match(new RegExp(apiKeysPage.never, "g"))).toHaveLength(1);
    await screenshot(page, "admin-api-keys");

    await row.getByRole("button", { name: `${apiKeysPage.revoke}: ${name}` }).click();
    await confirmDialog(page);
    await toast(page, apiKeysPage.revokedDone(name)).waitFor();
    const refused = await api.get("/api/orders");
    expect(refused.status()).toBe(401);
    expect((await refused.json()).error.message).toBe(apiKeyMessages.revoked);
    await row.getByText(apiKeysPage.states.revoked, { exact: true }).waitFor();
  });
});
