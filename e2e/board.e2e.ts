import { formatOrderNumber } from "@agency/contract";
import { type APIRequestContext, type Page, request as playwrightRequest } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { boardPage } from "../web/app/lib/messages";
import { newAccount, registerAccount, signInApi, signInAsOwner } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { baseUrl, hydrated, screenshot, useBrowser } from "./support/browser";
import { order, pay, plans, scrollsSideways } from "./support/shop";

const browser = useBrowser();
const apis: APIRequestContext[] = [];

afterAll(async () => {
  await Promise.all(apis.map((api) => api.dispose()));
});

/** A customer outside the browser who bought and paid a plan: the order's id and number. */
async function paidOrder(): Promise<{ id: string; number: string }> {
  const api = await playwrightRequest.newContext({ baseURL: baseUrl });
  apis.push(api);
  const customer = newAccount("board");
  await registerAccount(api, customer);
  await signInApi(api, customer);
  const [plan] = await plans(api);
  if (!plan) throw new Error("no plan to buy");
  const id = await order(api, plan);
  await pay(api, id);
  const mine = (await (await api.get("/api/order")).json()) as { _id: string; number: number }[];
  const number = mine.find((each) => each._id === id)?.number;
  if (!number) throw new Error("the order is not listed");
  return { id, number: formatOrderNumber(number) };
}

const column = (page: Page, label: string) =>
  page.getByRole("region", { name: new RegExp(`^${label}\\s?,`) });
const card = (page: Page, label: string, number: string) =>
  column(page, label).getByRole("article", { name: new RegExp(`^${number} `) });

async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.textContent?.replace(/\s+/g, " ").trim() ?? "");
}

describe("the work board", () => {
  it("moves a card to the next column from the keyboard, as the order's own state change", async () => {
    const { page, context } = browser;
    const paid = await paidOrder();
    await signInAsOwner(context);
    // The owner takes the order, and the board shows the owner's orders: the other journeys'
    // orders, many without a due date, would otherwise fill the column before it.
    const session = (await (await context.request.get("/api/auth/get-session")).json()) as {
      user: { id: string };
    };
    const taken = await context.request.put(`/api/admin/orders/${paid.id}/assignee`, {
      data: { assigneeId: session.user.id },
      headers: { origin: baseUrl },
    });
    expect(taken.status()).toBe(200);

    await page.goto("/dashboard/admin/board?assignee=me");
    await hydrated(page);
    await page.getByRole("link", { name: boardPage.menu, exact: true }).first().waitFor();
    const submitted = card(page, boardPage.columns.submitted, paid.number);
    await submitted.waitFor();
    await expectAccessible(page, "work board");
    await screenshot(page, "work-board-1280");

    // The card's Move to… button, from the keyboard: the only next step of a submitted order.
    const move = submitted.getByRole("button", { name: `Move order ${paid.number} to…` });
    await move.focus();
    await page.keyboard.press("Enter");
    const choices = page.getByRole("list", { name: boardPage.moveOptions(paid.number) });
    expect(await choices.getByRole("button").allTextContents()).toEqual([boardPage.columns.in_progress]);
    expect(await focusedName(page)).toBe(boardPage.columns.in_progress);
    await page.keyboard.press("Enter");
    // Confirmed as on the order's page (the customer is mailed).
    const confirm = page.locator(".swal2-confirm");
    await confirm.waitFor();
    await confirm.focus();
    await page.keyboard.press("Enter");

    await page
      .getByRole("status")
      .filter({ hasText: boardPage.moved(paid.number, boardPage.columns.in_progress) })
      .waitFor({ state: "attached" });
    const moved = card(page, boardPage.columns.in_progress, paid.number);
    await moved.waitFor();
    expect(await submitted.count()).toBe(0);
    // The focus went with the card.
    await expect.poll(() => focusedName(page)).toBe(`Move order ${paid.number} to…`);

    // The order's own page tells the same: in progress, moved by the owner.
    const detail = await page.request.get(`/api/admin/orders/${paid.id}`);
    const moves = (await detail.json()) as {
      state: string;
      history: { state: string; by: { role: string } }[];
    };
    expect(moves.state).toBe("in_progress");
    expect(moves.history.at(-1)).toMatchObject({ state: "in_progress", by: { role: "admin" } });

    // On a phone the columns stack: nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await hydrated(page);
    await moved.waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    const box = await moved.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await screenshot(page, "work-board-390");
  });
});
