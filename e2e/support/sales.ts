import { formatOrderNumber } from "@agency/contract";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import {
  boardPage,
  salesCustomerPage,
  salesDetailPage,
  salesForm,
  salesPage,
} from "../../web/app/lib/messages";
import { payByTransfer, salesOptions, salesSigning } from "../../web/app/lib/messages/invoice-payments";
import { mailedLink, newAccount, signInAsOwner } from "./accounts";
import { baseUrl, confirmDialog, hydrated, open, toast, type useBrowser } from "./browser";
import { payWith } from "./checkout";

type Browser = ReturnType<typeof useBrowser>;
/** What a journey looks at (accessibility, a screenshot) at each step it names. */
type Look = (page: Page, step: "form" | "sent" | "list" | "customer") => Promise<void>;

/** A day after `now`, as the date box takes it. */
const inDays = (now: string, days: number) =>
  new Date(new Date(now).getTime() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The owner quotes a landing page (1 × `price`) to an address with no account yet; the recipient
 * opens the mailed link, signs up with that address, accepts and pays with the test card (or is
 * shown how to pay by transfer).
 * `money` writes an amount as the shop does; `symbol` is the currency's, as the form's label has it.
 */
export async function quoteLandingPage(
  browser: Browser,
  {
    price,
    typed = String(price),
    optional,
    money,
    symbol,
    look = async () => {},
    payBy = "card",
  }: {
    price: number;
    /** The price as typed (in the shop's locale, "1.200,00" in de-DE). */
    typed?: string;
    /** A line the client may tick, which they do before signing. */
    optional?: { description: string; price: number; typed: string };
    money: (amount: number) => string;
    symbol: string;
    look?: Look;
    /** The test card pays it at once; a transfer leaves it accepted, for the owner to record. */
    payBy?: "card" | "transfer";
  },
): Promise<{ quoteId: string; number: string; client: ReturnType<typeof newAccount> }> {
  const { page, context } = browser;
  const client = newAccount("client");
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
  await page.getByLabel(salesForm.unitPriceIn(symbol)).fill(typed);
  if (optional) {
    await page.getByRole("button", { name: salesForm.addLine }).click();
    await page.getByLabel(salesForm.description).nth(1).fill(optional.description);
    await page.getByLabel(salesForm.unitPriceIn(symbol)).nth(1).fill(optional.typed);
    await page.getByLabel(salesOptions.optional).nth(1).check();
  }
  await page.getByLabel(salesForm.validUntil).fill(inDays(now, 30));
  expect(await page.getByTestId("sales-total").textContent()).toBe(`${salesForm.total}: ${money(price)}`);
  await look(page, "form");
  await page.getByRole("button", { name: salesForm.save }).click();
  await page.waitForURL(/\/dashboard\/admin\/sales\/[0-9a-f-]{36}$/);
  const quoteId = page.url().split("/").pop() ?? "";
  await page.getByRole("button", { name: salesDetailPage.send }).click();
  await confirmDialog(page);
  await toast(page, salesDetailPage.sent).waitFor();
  const heading = page.getByRole("heading", { level: 1, name: /^Q-\d{4}-\d{4}$/ });
  await heading.waitFor();
  const number = (await heading.textContent()) ?? "";
  await look(page, "sent");
  await open(page, "/dashboard/admin/sales?state=sent");
  await page.getByRole("link", { name: number }).waitFor();
  await look(page, "list");

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
  expect(await page.getByTestId("sales-document-total").textContent()).toBe(money(price));
  await look(page, "customer");
  if (optional) {
    await page.getByRole("checkbox", { name: salesOptions.choose(optional.description) }).check();
    expect(await page.getByTestId("sales-document-total").textContent()).toBe(money(price + optional.price));
  }
  await page.getByLabel(salesSigning.name).fill(client.name);
  await page.getByLabel(salesSigning.agree).check();
  await page.getByRole("button", { name: salesCustomerPage.accept }).click();
  await toast(page, salesCustomerPage.accepted).waitFor();
  if (payBy === "transfer") {
    // The client is told what to transfer, with which reference, to which account.
    const total = money(price + (optional?.price ?? 0));
    const transfer = page.getByRole("region", { name: payByTransfer.heading });
    await transfer.getByText(payByTransfer.lead(total)).waitFor();
    await transfer.getByText(number, { exact: true }).waitFor();
    return { quoteId, number, client };
  }
  await page.getByRole("button", { name: salesCustomerPage.pay }).click();
  await page.waitForURL(/\/dashboard\/payment\//);
  await payWith(page, "4242 4242 4242 4242");
  await page.waitForURL("**/dashboard/payment-history");
  return { quoteId, number, client };
}

/** The owner takes a paid quote's order (so other journeys' orders cannot push it off the board). */
export async function takePaidQuote(
  browser: Browser,
  quoteId: string,
): Promise<{ orderId: string; number: number }> {
  const { context } = browser;
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
  const session = (await (await context.request.get("/api/auth/get-session")).json()) as {
    user: { id: string };
  };
  const taken = await context.request.put(`/api/admin/orders/${quote.orderId}/assignee`, {
    data: { assigneeId: session.user.id },
    headers: { origin: baseUrl },
  });
  expect(taken.status()).toBe(200);
  return { orderId: quote.orderId, number: order.number };
}

/** The owner's work board shows the order (taken by them) in the submitted column. */
export async function expectOnBoard(page: Page, orderNumber: number): Promise<void> {
  await open(page, "/dashboard/admin/board?assignee=me");
  const column = page.getByRole("region", { name: new RegExp(`^${boardPage.columns.submitted}\\s?,`) });
  await column
    .getByRole("article", { name: new RegExp(`^${formatOrderNumber(orderNumber)} `) })
    .getByText("Landing page")
    .waitFor();
}
