import { AccountExport } from "@agency/contract";
import { describe, expect, it } from "vitest";
import { accountMessages, editAccountPage as t } from "../web/app/lib/messages";
import { createCustomer } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { downloadedBytes, hydrated, open, useBrowser } from "./support/browser";

const browser = useBrowser();

describe("a customer's own data", () => {
  it("edits the name, changes the password, downloads the data and deletes the account", async () => {
    const { page, context } = browser;
    const customer = await createCustomer(context, "privacy");

    await open(page, "/dashboard/profile");
    await hydrated(page);
    await page.getByRole("link", { name: t.edit }).click();
    await page.waitForURL("**/dashboard/profile/edit");
    await page.getByRole("heading", { name: t.heading, level: 1 }).waitFor();
    await expectAccessible(page, "edit-account");

    // Name.
    const nameForm = page.getByRole("form", { name: t.nameHeading });
    await nameForm.getByLabel(t.name).fill("Renamed Customer");
    await nameForm.getByRole("button", { name: t.saveName }).click();
    await nameForm.getByText(t.nameSaved).waitFor();
    await page.getByRole("link", { name: t.back }).click();
    await page.waitForURL("**/dashboard/profile");
    await page.getByText("Renamed Customer", { exact: true }).waitFor();

    // Password: the old one stops working, the new one signs in.
    await page.getByRole("link", { name: t.edit }).click();
    const passwordForm = page.getByRole("form", { name: t.passwordHeading });
    await passwordForm.getByLabel(t.currentPassword).fill(customer.password);
    await passwordForm.getByLabel(t.newPassword, { exact: true }).fill("brand-new-password");
    await passwordForm.getByLabel(t.confirmPassword).fill("brand-new-password");
    await passwordForm.getByRole("button", { name: t.changePassword }).click();
    await passwordForm.getByText(t.passwordChanged).waitFor();

    const fresh = await context.browser()?.newContext({ baseURL: new URL(page.url()).origin });
    if (!fresh) throw new Error("no second browser context");
    const login = await fresh.newPage();
    await open(login, "/login");
    await hydrated(login);
    const loginForm = login.getByRole("form", { name: "Login" });
    await loginForm.getByLabel("Email address").fill(customer.email);
    await loginForm.getByLabel("Password").fill(customer.password);
    await loginForm.getByRole("button", { name: "Login" }).click();
    await login.getByRole("status").filter({ hasNotText: accountMessages.loginSuccess }).first().waitFor();
    expect(login.url()).toContain("/login");
    await loginForm.getByLabel("Password").fill("brand-new-password");
    await loginForm.getByRole("button", { name: "Login" }).click();
    await login.getByRole("status").filter({ hasText: accountMessages.loginSuccess }).waitFor();
    await fresh.close();

    // Download: the JSON holds the account's own profile.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: t.downloadJson }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = AccountExport.parse(JSON.parse((await downloadedBytes(download)).toString("utf8")));
    expect(data.profile).toMatchObject({ name: "Renamed Customer", email: customer.email });
    const [zip] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: t.downloadZip }).click(),
    ]);
    expect((await downloadedBytes(zip)).subarray(0, 2).toString()).toBe("PK");

    // Delete: asked once more, then signed out, and the login fails.
    const deleteForm = page.getByRole("form", { name: t.deleteHeading });
    await deleteForm.getByLabel(t.deletePassword).fill("brand-new-password");
    await deleteForm.getByRole("button", { name: t.deleteButton }).click();
    await deleteForm.getByText(t.deleteQuestion).waitFor();
    await deleteForm.getByRole("button", { name: t.confirmButton }).click();
    await page.waitForURL("**/login");
    await page.getByRole("status").filter({ hasText: t.deleted }).waitFor();

    await hydrated(page);
    const again = page.getByRole("form", { name: "Login" });
    await again.getByLabel("Email address").fill(customer.email);
    await again.getByLabel("Password").fill("brand-new-password");
    await again.getByRole("button", { name: "Login" }).click();
    await page.getByRole("status").filter({ hasNotText: t.deleted }).first().waitFor();
    expect(page.url()).toContain("/login");
    expect(await page.getByRole("status").filter({ hasText: accountMessages.loginSuccess }).count()).toBe(0);
    const session = await context.request.get("/api/auth/get-session");
    expect(await session.json()).toBeNull();
  });
});
