import type { APIRequestContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { dashboardMenu, manageReviewsPage, reviewForm } from "../web/app/lib/messages";
import { createCustomer, signInAsOwner } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { confirmDialog, screenshot, useBrowser } from "./support/browser";
import { buyAndPay, carousel, carouselShows, reviewer, writeReviews } from "./support/shop";

const browser = useBrowser();
const runId = Date.now().toString(36);
const apis: APIRequestContext[] = [];

afterAll(async () => {
  await Promise.all(apis.map((api) => api.dispose()));
});

function toast(text: string) {
  return browser.page.getByRole("status").filter({ hasText: text });
}

/** A reviewer (see `reviewer`) whose API client is disposed of after the file's journeys. */
async function trackedReviewer(orders: number): Promise<APIRequestContext> {
  const api = await reviewer(orders);
  apis.push(api);
  return api;
}

async function reviewCount(page: Page): Promise<number> {
  return (await (await page.request.get("/api/review-count")).json()).count;
}

async function confirmDelete(page: Page) {
  await confirmDialog(page);
}

describe("reviews", () => {
  it("lets a customer add a review that shows on the landing page, and delete it", async () => {
    const { page, context } = browser;
    const customer = await createCustomer(context);
    await buyAndPay(context.request, 1);
    const comment = `Our leads doubled in a quarter (${runId}).`;
    await page.goto("/dashboard/add-review");
    const form = page.getByRole("form", { name: reviewForm.heading });
    const email = form.getByLabel(reviewForm.emailLabel);
    expect(await email.inputValue()).toBe(customer.email);
    expect(await email.getAttribute("readonly")).not.toBeNull();

    await form.getByRole("button", { name: reviewForm.submit }).click();
    await toast(reviewForm.commentMissing).waitFor();
    await form.getByLabel(reviewForm.commentLabel).fill(comment);
    await form.getByRole("button", { name: reviewForm.submit }).click();
    await toast(reviewForm.success).waitFor();
    expect(await form.getByLabel(reviewForm.commentLabel).inputValue()).toBe("");
    const own = page.getByRole("listitem").filter({ hasText: comment });
    await own.waitFor();
    await screenshot(page, "add-review-1280");
    await expectAccessible(page, "add review");

    // Back home inside the app: the carousel's cached list was refreshed by the new review.
    await page.getByRole("link", { name: dashboardMenu.backHome }).click();
    await page.waitForURL("**/home");
    const slide = carousel(page).getByRole("group").filter({ hasText: comment });
    await slide.waitFor({ state: "attached" });
    expect(await slide.getByText(customer.name).count()).toBe(1);

    await page.goto("/dashboard/add-review");
    await own.getByRole("button", { name: reviewForm.delete }).click();
    await confirmDelete(page);
    await toast(reviewForm.deleted).waitFor();
    await page.getByText(reviewForm.none).waitFor();
    expect(await carouselShows(page, comment)).toBe(false);
  });

  it("lets an admin page through the reviews with each page size, and delete one everywhere", async () => {
    const { page, context } = browser;
    const writers = [];
    for (let index = 0; index < 5; index += 1) writers.push(await trackedReviewer(5));
    for (const [index, api] of writers.entries()) {
      await writeReviews(
        api,
        Array.from({ length: 5 }, (_, n) => `Review ${n + 1} by writer ${index + 1} (${runId}).`),
      );
    }
    const newest = `Review 5 by writer 5 (${runId}).`;
    expect(await carouselShows(page, newest)).toBe(true);

    await signInAsOwner(context);
    await page.goto("/dashboard/admin/manage__reviews");
    await page.getByRole("heading", { name: manageReviewsPage.heading }).waitFor();
    const count = await reviewCount(page);
    expect(count).toBeGreaterThan(24);
    await page.getByText(manageReviewsPage.total(count)).waitFor();

    const rows = page.locator("tbody tr");
    const pageButtons = page.getByRole("navigation", { name: manageReviewsPage.pages }).getByRole("button");
    const sizeSelect = page.getByLabel(manageReviewsPage.pageSize);
    expect(await sizeSelect.inputValue()).toBe("5");
    for (const size of [5, 10, 15, 20]) {
      await sizeSelect.selectOption(String(size));
      const pages = Math.ceil(count / size);
      await expect.poll(() => rows.count()).toBe(size);
      await expect.poll(() => pageButtons.count()).toBe(pages);
      await pageButtons.last().click();
      await expect.poll(() => rows.count()).toBe(count - size * (pages - 1));
      await pageButtons.first().click();
      await expect.poll(() => rows.count()).toBe(size);
    }
    await screenshot(page, "manage-reviews-1280");
    await expectAccessible(page, "manage reviews");

    // The newest review is the first row of the first page.
    await sizeSelect.selectOption("5");
    const row = rows.filter({ hasText: newest });
    await row.waitFor();
    await row.getByRole("button", { name: manageReviewsPage.delete }).click();
    await confirmDelete(page);
    await toast(manageReviewsPage.deleted).waitFor();
    await page.getByText(manageReviewsPage.total(count - 1)).waitFor();
    expect(await rows.filter({ hasText: newest }).count()).toBe(0);
    expect(await carouselShows(page, newest)).toBe(false);
  });

  it("moves back a page when the admin deletes the only review of the last page", async () => {
    const { page, context } = browser;
    const count = await reviewCount(page);
    // Top up so the last page of five holds exactly one review.
    const extra = (6 - (count % 5)) % 5;
    const writer = await trackedReviewer(extra);
    await writeReviews(
      writer,
      Array.from({ length: extra }, (_, n) => `Top-up review ${n + 1} (${runId}).`),
    );
    const total = count + extra;
    const pages = Math.ceil(total / 5);

    await signInAsOwner(context);
    await page.goto("/dashboard/admin/manage__reviews");
    const rows = page.locator("tbody tr");
    const pageButtons = page.getByRole("navigation", { name: manageReviewsPage.pages }).getByRole("button");
    await expect.poll(() => pageButtons.count()).toBe(pages);
    await pageButtons.last().click();
    await expect.poll(() => rows.count()).toBe(1);
    await rows.getByRole("button", { name: manageReviewsPage.delete }).click();
    await confirmDelete(page);
    await expect.poll(() => pageButtons.count()).toBe(pages - 1);
    await expect.poll(() => rows.count()).toBe(5);
    expect(await pageButtons.last().getAttribute("aria-current")).toBe("page");
  });
});
