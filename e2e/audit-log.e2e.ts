import { request as playwrightRequest } from "playwright-core";
import { describe, expect, it } from "vitest";
import { auditPage } from "../web/app/lib/messages/audit";
import { adminEmail, newAccount, registerAccount, signInAsOwner } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { baseUrl, confirmDialog, hydrated, screenshot, useBrowser } from "./support/browser";

const browser = useBrowser();

describe("the audit log", () => {
  it("shows the owner's role change with who, what and before → after, and the chain checks out", async () => {
    const { page, context } = browser;
    await signInAsOwner(context);
    const account = newAccount();
    const api = await playwrightRequest.newContext({
      baseURL: baseUrl,
      extraHTTPHeaders: { origin: baseUrl },
    });
    await registerAccount(api, account);
    await api.dispose();

    await page.goto("/dashboard/admin/all__user");
    const row = page.getByRole("row").filter({ hasText: account.email });
    await row.getByRole("button", { name: "Make an Admin" }).click();
    await confirmDialog(page);
    await row.getByRole("button", { name: "Remove Admin Access" }).waitFor();

    await page.getByRole("link", { name: auditPage.menu }).click();
    await page.getByRole("heading", { name: auditPage.heading }).waitFor();
    await hydrated(page);
    await page.getByLabel(auditPage.action).selectOption("user.role_changed");
    await page.getByRole("searchbox", { name: auditPage.search }).fill(account.email);
    const entry = page.getByRole("row").filter({ hasText: `user ${account.email}` });
    await entry.waitFor();
    expect(await entry.textContent()).toContain(`Admin: ${adminEmail}`);
    expect(await entry.textContent()).toContain(auditPage.actions["user.role_changed"]);
    expect(await entry.textContent()).toContain("role: — → admin");
    expect(new URL(page.url()).searchParams.get("action")).toBe("user.role_changed");

    await page.getByRole("button", { name: auditPage.verify }).click();
    const result = page.getByRole("status").filter({ hasText: auditPage.intact });
    await result.waitFor();
    expect(await result.textContent()).toMatch(/Audit log intact: \d+ entr(y|ies) checked\./);
    await expectAccessible(page, "audit log");
    await screenshot(page, "admin-audit-log");
  });
});
