import { type APIRequestContext, type Page, request as playwrightRequest } from "playwright-core";
import { expect } from "vitest";
import { reviews } from "../../web/app/lib/messages";
import { newAccount, registerAccount, signInApi } from "./accounts";
import { baseUrl } from "./browser";

type Plan = { _id: string; service: string; duration: string };

export async function plans(api: APIRequestContext): Promise<Plan[]> {
  return (await (await api.get("/api/pricing")).json()) as Plan[];
}

/** Orders a plan through the API as the signed-in customer; answers the new order's id. */
export async function order(api: APIRequestContext, plan: Plan): Promise<string> {
  const response = await api.post("/api/order", { data: { serviceId: plan._id, phone: "0123456789" } });
  expect(response.status()).toBe(200);
  return (await response.json()).insertedId;
}

/** Pays an order with the test provider's card that always succeeds; answers the payment intent. */
export async function pay(api: APIRequestContext, orderId: string): Promise<{ paymentIntentId: string }> {
  const intent = await (await api.post("/api/create-payment-intent", { data: { orderId } })).json();
  const paid = await api.post("/api/payments/test/confirm", {
    data: { ...intent, cardNumber: "4242424242424242", expiry: "12/40", cvc: "123" },
  });
  expect(paid.status()).toBe(200);
  return intent;
}

/** Only customers with a paid order may review, one review per order: buys and pays `count` plans. */
export async function buyAndPay(api: APIRequestContext, count: number) {
  for (const plan of (await plans(api)).slice(0, count)) await pay(api, await order(api, plan));
}

/**
 * A signed-in customer outside the browser with `orders` paid orders, to write reviews through the
 * API. The caller disposes of it.
 */
export async function reviewer(orders: number): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: baseUrl });
  const account = newAccount("reviewer");
  await registerAccount(api, account);
  await signInApi(api, account);
  await buyAndPay(api, orders);
  return api;
}

export async function writeReviews(api: APIRequestContext, comments: string[]) {
  for (const comment of comments) {
    const response = await api.post("/api/reviews", { data: { comment } });
    expect(response.status()).toBe(200);
  }
}

export function carousel(page: Page) {
  return page.getByRole("region", { name: reviews.carouselLabel });
}

/** Whether the landing page's reviews carousel has a slide with this text (visible or not yet). */
export async function carouselShows(page: Page, text: string): Promise<boolean> {
  await page.goto("/home");
  await carousel(page).getByRole("group").first().waitFor({ state: "attached" });
  return (await carousel(page).getByText(text).count()) > 0;
}

/** Whether the page can be scrolled sideways (a layout wider than the screen). */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}
