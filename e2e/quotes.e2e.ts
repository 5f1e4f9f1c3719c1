import { formatOrderNumber } from "@agency/contract";
import { describe, expect, it } from "vitest";
import { boardPage, salesCustomerPage, salesDetailPage, salesForm, salesPage } from "../web/app/lib/messages";
import { mailedLink, newAccount, signInAsOwner } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { baseUrl, confirmDialog, hydrated, open, screenshot, toast, useBrowser } from "./support/browser";
import { payWith } from "./support/checkout";

const browser = useBrowser();

/** A day after `now`, as the date box takes it. */
const inDays = (now: string, days: number) =>
  new Date(new Date(now).getTime() + days * 86_400_000).toISOString().slice(0, 10);

describe("a quote for custom work", () => {
  it("is written by the owner, accepted and paid by a new customer, and lands on the work board", async () => {
    const { page, context } = browser;
    const client = newAccount("client");

    // The owner quotes a landing page (1 × 1,200) to an address that has no account yet.
    await signInAsOwner(context);
    // Dates count from the shop's billing clock, which other journeys may have moved forward.
    const { now } = (await (await context.request.get("/api/admin/test-tools")).json()) as { now: string };
    await open(page, "/dashboard/admin/sales");
    await page.getByRole("link", { name: salesPage.newQuote }).click();
    await page.getByRole("heading", { name: salesPage.newHeading("quote") }).waitFor();
    await page.getByLabel(salesForm.email).fill(client.email);
    await page.getByLabel(salesForm.name).fill(client.name);
    await page.getByLabel(salesForm.description).fill("Landing page");
    await page.getByLabel(salesForm.quantity).fill("1");
    await page.getByLabel(salesForm.unitPriceIn("$")).fill("1200");
    await page.getByLabel(salesForm.validUntil).fill(inDays(now, 30));
    expect(await page.getByTestId("sales-total").textContent()).toBe(`${salesForm.total}: $1,200.00`);
    await expectAccessible(page, "new quote");
    await screenshot(page, "quote-form");
    await page.getByRole("button", { name: salesForm.save }).click();
    await page.waitForURL(/\/dashboard\/admin\/sales\/[0-9a-f-]{36}$/);
    const quoteId = page.url().split("/").pop() ?? "";
    await page.getByRole("button", { name: salesDetailPage.send }).click();
    await confirmDialog(page);
    await toast(page, salesDetailPage.sent).waitFor();
    const heading = page.getByRole("heading", { level: 1, name: /^Q-\d{4}-\d{4}$/ });
    await heading.waitFor();
    const number = (await heading.textContent()) ?? "";
    await screenshot(page, "quote-sent");
    await open(page, "/dashboard/admin/sales?state=sent");
    await page.getByRole("link", { name: number }).waitFor();
    await expectAccessible(page, "quotes and invoices");
    await screenshot(page, "quotes-list");

    // The recipient opens the mailed link, signs up with that address and comes back to it.
    await context.clearCookies();
    const link = await mailedLink(client.email, new RegExp(`^Quote ${number} `));
    await open(page, new URL(link).pathname);
    await page.getByText(salesCustomerPage.signUp(client.email)).waitFor();
    await page.locator("#main-content").getByRole("link", { name: salesCustomerPage.signUpButton }).click();
    await hydrated(page);
    const signUp = page.getByRole("form", { name: "Sign Up" });
    await signUp.getByLabel("Your name").fill(client.name);
    await signUp.getByLabel("Email address").fill(client.email);
    await signUp.getByLabel("Password", { exact: true }).fill(client.password);
    await signUp.getByLabel("Confirm password").fill(client.password);
    await signUp.getByRole("button", { name: "Sign Up" }).click();
    await page.waitForURL("**/home");
    await page.goto(await mailedLink(client.email, /Confirm your e-mail/));
    await page.waitForURL(/\/login\?.*verified=1/);
    await hydrated(page);
    const login = page.getByRole("form", { name: "Login" });
    await login.getByLabel("Email address").fill(client.email);
    await login.getByLabel("Password").fill(client.password);
    await login.getByRole("button", { name: "Login" }).click();
    await page.waitForURL(`**${new URL(link).pathname}`);

    // The quote, accepted and paid with the test card.
    await page.getByRole("heading", { level: 1, name: number }).waitFor();
    expect(await page.getByTestId("sales-document-total").textContent()).toBe("$1,200.00");
    await expectAccessible(page, "quote page");
    await screenshot(page, "quote-for-the-customer");
    await page.getByRole("button", { name: salesCustomerPage.accept }).click();
    await toast(page, salesCustomerPage.accepted).waitFor();
    await page.getByRole("button", { name: salesCustomerPage.pay }).click();
    await page.waitForURL(/\/dashboard\/payment\//);
    await payWith(page, "4242 4242 4242 4242");
    await page.waitForURL("**/dashboard/payment-history");

    // The owner finds the paid quote's order on the work board.
    await context.clearCookies();
    await signInAsOwner(context);
    const quote = (await (await context.request.get(`/api/admin/sales/${quoteId}`)).json()) as {
      state: string;
      orderId: string;
    };
    expect(quote.state).toBe("paid");
    const order = (await (await context.request.get(`/api/admin/orders/${quote.orderId}`)).json()) as {
      number: number;
      state: string;
    };
    expect(order.state).toBe("submitted");
    // Taken by the owner, so the other journeys' orders cannot push it out of the column.
    const session = (await (await context.request.get("/api/auth/get-session")).json()) as {
      user: { id: string };
    };
    const taken = await context.request.put(`/api/admin/orders/${quote.orderId}/assignee`, {
      data: { assigneeId: session.user.id },
      headers: { origin: baseUrl },
    });
    expect(taken.status()).toBe(200);
    await open(page, "/dashboard/admin/board?assignee=me");
    const column = page.getByRole("region", { name: new RegExp(`^${boardPage.columns.submitted}\\s?,`) });
    await column
      .getByRole("article", { name: new RegExp(`^${formatOrderNumber(order.number)} `) })
      .getByText("Landing page")
      .waitFor();
    await screenshot(page, "quote-order-on-the-board");
  });
});
