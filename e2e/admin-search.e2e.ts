import { request as playwrightRequest } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Account, newAccount, registerAccount, signInAsOwner } from "./support/accounts";
import { baseUrl, useBrowser } from "./support/browser";
import { order, pay, plans } from "./support/shop";

const browser = useBrowser();

/** A signed-in customer with an API context of its own. */
async function customer(): Promise<{
  account: Account;
  api: Awaited<ReturnType<typeof playwrightRequest.newContext>>;
}> {
  const account = newAccount();
  const api = await playwrightRequest.newContext({ baseURL: baseUrl, extraHTTPHeaders: { origin: baseUrl } });
  await registerAccount(api, account);
  const signedIn = await api.post("/api/auth/sign-in/email", {
    data: { email: account.email, password: account.password },
  });
  expect(signedIn.ok()).toBe(true);
  return { account, api };
}

describe("searching the admin lists", () => {
  it("finds a customer's orders by e-mail, narrows them by progress, and finds an account", async () => {
    const { page, context } = browser;
    const first = await customer();
    const second = await customer();
    const [planA, planB] = await plans(first.api);
    if (!planA || !planB) throw new Error("the demo catalog has plans");
    const paidOrder = await order(first.api, planA);
    await pay(first.api, paidOrder);
    await order(first.api, planB);
    await order(second.api, planA);
    await signInAsOwner(context);

    await page.goto("/dashboard/admin/all__orders");
    await page.getByRole("heading", { name: "All Orders" }).waitFor();
    await page.getByRole("searchbox", { name: "Search orders" }).fill(first.account.email);
    // No Search press: the list asks once typing pauses.
    const rows = page.locator("tbody tr");
    await expect.poll(() => rows.count()).toBe(2);
    expect(await page.getByText(second.account.email).count()).toBe(0);
    await page.getByRole("button", { name: "Submitted" }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(new URL(page.url()).searchParams.get("state")).toBe("submitted");

    // Reloaded (or shared), the address keeps the narrowed list.
    await page.reload();
    await page.getByRole("heading", { name: "All Orders" }).waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await page.getByRole("searchbox", { name: "Search orders" }).inputValue()).toBe(
      first.account.email,
    );

    await page.getByRole("searchbox", { name: "Search orders" }).fill("nobody-at-all@example.com");
    await page.getByText("No orders match.").waitFor();

    await page.goto("/dashboard/admin/all__user");
    await page.getByRole("searchbox", { name: "Search users" }).fill(second.account.email);
    await page.getByRole("row").filter({ hasText: second.account.email }).waitFor();
    await expect.poll(() => page.getByRole("row").filter({ hasText: first.account.email }).count()).toBe(0);
    expect(new URL(page.url()).searchParams.get("q")).toBe(second.account.email);

    await first.api.dispose();
    await second.api.dispose();
  });
});
