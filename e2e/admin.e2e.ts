import { type BrowserContext, request as playwrightRequest } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Account, newAccount, registerAccount, signInAsOwner, signInContext } from "./support/accounts";
import { baseUrl, confirmDialog, screenshot, useBrowser } from "./support/browser";
import { confirmNewsletterByMail } from "./support/leads";
import { order, pay, plans } from "./support/shop";

const browser = useBrowser();

function toast(text: string) {
  return browser.page.getByRole("status").filter({ hasText: text });
}

/** A customer in a context of its own (the admin's browser stays signed in as the admin). */
async function separateCustomer(): Promise<{
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

async function confirmSwal() {
  await confirmDialog(browser.page);
}

async function readCounts() {
  const { page } = browser;
  await page.goto("/dashboard/admin/all__orders");
  await page.getByRole("heading", { name: "All Orders" }).waitFor();
  const value = async (label: string) => Number(await page.getByTestId(`count-${label}`).textContent());
  return { total: await value("total-orders"), paid: await value("paid"), unpaid: await value("unpaid") };
}

describe("the admin dashboard", () => {
  it("grants admin to a customer and removes it again, each after a confirmation", async () => {
    const { page, context } = browser;
    await signInAsOwner(context);
    const { account, api } = await separateCustomer();

    await page.goto("/dashboard/admin/all__user");
    const row = page.getByRole("row").filter({ hasText: account.email });
    await row.getByRole("button", { name: "Make an Admin" }).click();
    await page.locator(".swal2-popup").getByText(`Make ${account.email} an admin?`).waitFor();
    await page.locator(".swal2-cancel").click();
    await page.locator(".swal2-container").waitFor({ state: "detached" });
    expect(await row.getByRole("button", { name: "Make an Admin" }).count()).toBe(1);

    await row.getByRole("button", { name: "Make an Admin" }).click();
    await confirmSwal();
    await toast(`${account.email} is now an admin.`).waitFor();
    await row.getByRole("button", { name: "Remove Admin Access" }).waitFor();

    // The customer, now an admin, sees 'Admin Activities' in their own browser.
    const owningBrowser = context.browser();
    if (!owningBrowser) throw new Error("no browser");
    const customerContext: BrowserContext = await owningBrowser.newContext({ baseURL: baseUrl });
    await signInContext(customerContext, account);
    const customerPage = await customerContext.newPage();
    // A member of the team's dashboard opens on their work; their profile keeps 'Admin Activities'.
    await customerPage.goto("/dashboard");
    await customerPage.waitForURL("**/dashboard/admin/overview");
    await customerPage.goto("/dashboard/profile");
    await customerPage.getByRole("heading", { name: "Admin Activities" }).waitFor();

    await row.getByRole("button", { name: "Remove Admin Access" }).click();
    await page.locator(".swal2-popup").getByText(`Remove admin access from ${account.email}?`).waitFor();
    await confirmSwal();
    await toast(`${account.email} is no longer an admin.`).waitFor();
    await row.getByRole("button", { name: "Make an Admin" }).waitFor();

    await customerPage.reload();
    await customerPage.getByRole("heading", { name: "My Profile" }).waitFor();
    expect(await customerPage.getByRole("heading", { name: "Admin Activities" }).count()).toBe(0);
    await customerContext.close();
    await api.dispose();
  });

  it("publishes a blog post that /blogs shows at once, then edits and deletes it", async () => {
    const { page, context } = browser;
    await signInAsOwner(context);
    const title = `Ten quick wins for local search ${Date.now()}`;
    await page.goto("/dashboard/admin/add__blog");
    const form = page.getByRole("form", { name: "Add new Blog" });
    await form.getByRole("button", { name: "Publish" }).click();
    await form.getByText("Title must be at least 3 characters").waitFor();
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Topic").fill("SEO");
    await form.getByLabel("Link to an article elsewhere").fill("https://example.com/local-search");
    await form.getByLabel(/Image/).fill("/images/blogs/local-seo.svg");
    await form.getByRole("button", { name: "Publish" }).click();
    await toast("The blog post is published.").waitFor();
    await screenshot(page, "admin-add-blog-1280");

    await page.goto("/blogs");
    await page.getByText(title).first().waitFor();

    await page.goto("/dashboard/admin/add__blog");
    const item = page.getByRole("listitem").filter({ hasText: title });
    await item.getByRole("button", { name: "Edit" }).click();
    const editForm = page.getByRole("form", { name: "Save changes" });
    await editForm.getByLabel("Topic").fill("Local SEO");
    await editForm.getByRole("button", { name: "Save changes" }).click();
    await toast("The blog post is saved.").waitFor();
    await item.getByText("Local SEO").waitFor();
    await page.goto("/blogs");
    await page.getByText("Local SEO").first().waitFor();

    await page.goto("/dashboard/admin/add__blog");
    await item.getByRole("button", { name: "Delete" }).click();
    await confirmSwal();
    await toast("The blog post is deleted.").waitFor();
    await page.goto("/blogs");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await expect.poll(() => page.getByText(title).count()).toBe(0);
  });

  it("counts total, paid and unpaid orders as they are created and paid", async () => {
    const { page, context } = browser;
    await signInAsOwner(context);
    const before = await readCounts();

    const { api } = await separateCustomer();
    const orderIds: string[] = [];
    for (const plan of (await plans(api)).slice(0, 3)) orderIds.push(await order(api, plan));
    const intent = await pay(api, orderIds[0] as string);
    await api.dispose();

    const after = await readCounts();
    expect(after).toEqual({ total: before.total + 3, paid: before.paid + 1, unpaid: before.unpaid + 2 });
    await screenshot(page, "admin-all-orders-1280");

    await page.goto(`/dashboard/admin/payment/${orderIds[0]}`);
    await page.getByRole("heading", { name: "Payment details" }).waitFor();
    expect(await page.getByText(intent.paymentIntentId).count()).toBe(1);
  });

  it("lists the leads the public forms stored", async () => {
    const { page, context } = browser;
    const email = `lead-${Date.now()}@shop.test`;
    const stored = await context.request.post("/api/newsletter", { data: { email } });
    expect(stored.ok()).toBe(true);
    await confirmNewsletterByMail(page, email);
    await signInAsOwner(context);
    await page.goto("/dashboard/admin/leads");
    await page.getByRole("row").filter({ hasText: email }).waitFor();
    const csv = await context.request.get("/api/admin/leads.csv");
    expect(await csv.text()).toContain(email);
  });
});
