import { describe, expect, it } from "vitest";
import { createCustomer, mailedLink, newAccount, signInAsOwner } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { hydrated, open, useBrowser } from "./support/browser";

const browser = useBrowser();

function toast(text: string) {
  return browser.page.getByRole("status").filter({ hasText: text });
}

describe("accounts", () => {
  it("shows every sign-up rule's message in the spec's order, then signs up", async () => {
    const { page } = browser;
    const account = newAccount();
    await open(page, "/sign-up");
    await expectAccessible(page, "sign-up");
    const form = page.getByRole("form", { name: "Sign Up" });
    const submit = form.getByRole("button", { name: "Sign Up" });
    const steps: [string, () => Promise<void>][] = [
      ["Please Enter Your Name.", async () => form.getByLabel("Your name").fill(account.name)],
      ["Please Enter Your Email", async () => form.getByLabel("Email address").fill(account.email)],
      [
        "Please create a secure password.",
        async () => form.getByLabel("Password", { exact: true }).fill("12345"),
      ],
      [
        "Password can't less than 6 character.",
        async () => form.getByLabel("Password", { exact: true }).fill(account.password),
      ],
      [
        "Please re-type your password.",
        async () => form.getByLabel("Confirm password").fill("something else"),
      ],
      [
        "Your password doesn't match.",
        async () => form.getByLabel("Confirm password").fill(account.password),
      ],
    ];
    for (const [message, fix] of steps) {
      await submit.click();
      await toast(message).waitFor();
      await fix();
    }
    await submit.click();
    await toast("Successfully Sign-Up.").waitFor();
    await page.waitForURL("**/home");
    expect(await mailedLink(account.email, /Confirm your e-mail/)).toContain("/api/auth/verify-email");
  });

  it("sends a visitor to login, then through sign-up and the mailed link back to the page they asked for", async () => {
    const { page } = browser;
    const account = newAccount();
    await open(page, "/dashboard/profile");
    await page.waitForURL(/\/login\?redirect=%2Fdashboard%2Fprofile/);
    await hydrated(page);
    await expectAccessible(page, "login");
    await page.getByRole("link", { name: "Create an account" }).click();
    await hydrated(page);
    const form = page.getByRole("form", { name: "Sign Up" });
    await form.getByLabel("Your name").fill(account.name);
    await form.getByLabel("Email address").fill(account.email);
    await form.getByLabel("Password", { exact: true }).fill(account.password);
    await form.getByLabel("Confirm password").fill(account.password);
    await form.getByRole("button", { name: "Sign Up" }).click();
    await page.waitForURL("**/home");

    await page.goto(await mailedLink(account.email, /Confirm your e-mail/));
    await page.waitForURL(/\/login\?.*verified=1/);
    await hydrated(page);
    await toast("Your e-mail address is confirmed. You can log in now.").waitFor();
    const login = page.getByRole("form", { name: "Login" });
    await login.getByLabel("Email address").fill(account.email);
    await login.getByLabel("Password").fill(account.password);
    await login.getByRole("button", { name: "Login" }).click();
    await toast("Successfully Login.").waitFor();
    await page.waitForURL("**/dashboard/profile");
    await page.getByRole("heading", { name: "My Profile" }).waitFor();
    await expectAccessible(page, "profile");
    expect(await page.getByText(account.email).count()).toBe(1);
    expect(await page.getByText(account.name).count()).toBe(1);
  });

  it("refuses a wrong password with an error toast and keeps the visitor on the login page", async () => {
    const { page, context } = browser;
    const account = await createCustomer(context);
    await context.clearCookies();
    await open(page, "/login");
    const login = page.getByRole("form", { name: "Login" });
    await login.getByLabel("Email address").fill(account.email);
    await login.getByLabel("Password").fill("wrong password");
    await login.getByRole("button", { name: "Login" }).click();
    await toast("Invalid email or password").waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  it("signs out through the confirmation", async () => {
    const { page, context } = browser;
    await createCustomer(context);
    await open(page, "/home");
    await expectAccessible(page, "home, signed in");
    await page.getByRole("button", { name: "Sign Out" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Are you sure you want to logout ?").waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Log Out" }).click();
    await toast("Successfully LogOut.").waitFor();
    await page.waitForURL("**/login");
    await page.getByRole("link", { name: "Login", exact: true }).first().waitFor();
    await open(page, "/dashboard");
    await page.waitForURL(/\/login\?redirect=/);
  });

  it("resets a forgotten password from the mailed link", async () => {
    const { page, context } = browser;
    const account = await createCustomer(context);
    await context.clearCookies();
    await open(page, "/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL("**/forgot__password");
    await hydrated(page);
    await expectAccessible(page, "forgot password");
    await page.getByLabel("Email address").fill(account.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "a link to choose a new password is on its way" })
      .first()
      .waitFor();

    await page.goto(await mailedLink(account.email, /Reset your/));
    await page.waitForURL(/\/reset__password\?token=/);
    await hydrated(page);
    await expectAccessible(page, "reset password");
    await page.getByLabel("New password").fill("a brand new secret");
    await page.getByLabel("Confirm password").fill("a brand new secret");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.waitForURL("**/login");
    const login = page.getByRole("form", { name: "Login" });
    await login.getByLabel("Email address").fill(account.email);
    await login.getByLabel("Password").fill("a brand new secret");
    await login.getByRole("button", { name: "Login" }).click();
    await toast("Successfully Login.").waitFor();
  });

  it("keeps a customer out of the admin dashboard", async () => {
    const { page, context } = browser;
    await createCustomer(context);
    await open(page, "/dashboard/admin");
    await toast("This area is for admins only.").waitFor();
    await page.waitForURL(/\/dashboard$/);
    expect(await page.getByText("Admin Activities").count()).toBe(0);
  });

  it("shows 'Admin Activities' to an admin, leading to the admin dashboard", async () => {
    const { page, context } = browser;
    await signInAsOwner(context);
    // A member of the team starts the day at work: the dashboard opens on the Overview.
    await open(page, "/dashboard");
    await page.waitForURL("**/dashboard/admin/overview");
    // The profile keeps the spec's 'Admin Activities', leading to the admin dashboard.
    await open(page, "/dashboard/profile");
    await page.getByRole("heading", { name: "Admin Activities" }).waitFor();
    await expectAccessible(page, "dashboard, as admin");
    await page.getByRole("link", { name: "Admin Dashboard" }).click();
    await page.waitForURL("**/dashboard/admin/overview");
    await page.getByRole("link", { name: "All Users" }).click();
    await page.getByRole("heading", { name: "All Users" }).waitFor();
    await expectAccessible(page, "admin dashboard");
  });
});
