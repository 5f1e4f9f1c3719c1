import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createCustomer, signInAsOwner } from "./support/accounts";
import { hydrated, useBrowser } from "./support/browser";
import { order, plans } from "./support/shop";

const browser = useBrowser();

/**
 * Opens each page in turn, as a fresh load (so every page's own inline scripts meet the policy),
 * waits until it has hydrated and its data calls have settled, and answers every violation of
 * the Content Security Policy the browser reported, and every console message about the policy,
 * with the page it came from.
 */
async function policyMessages(page: Page, paths: string[]): Promise<string[]> {
  const messages: string[] = [];
  let current = "";
  page.on("console", (message) => {
    if (/content.security.policy/i.test(message.text())) messages.push(`${current}: ${message.text()}`);
  });
  // The browser fires this for every blocked script, eval or inline handler, caught or not.
  await page.exposeFunction("reportPolicyViolation", (directive: string, blocked: string, sample: string) => {
    messages.push(`${current}: ${directive} blocked ${blocked} ${sample}`);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportPolicyViolation(...values: string[]): void })
        .reportPolicyViolation;
      report(event.effectiveDirective, event.blockedURI, event.sample);
    });
  });
  for (const path of paths) {
    current = path;
    await page.goto(path);
    await hydrated(page);
    await page.waitForLoadState("networkidle");
  }
  return messages;
}

async function firstBlogPath(page: Page): Promise<string> {
  const posts = (await (await page.request.get("/api/blogs")).json()) as { slug?: string | null }[];
  const hosted = posts.find((post) => post.slug);
  return hosted?.slug ? `/blogs/${hosted.slug}` : "/blogs";
}

describe("the Content Security Policy", () => {
  it("lets every public page run without a policy error in the console", async () => {
    const { page } = browser;
    const paths = [
      "/",
      "/home",
      "/yearly-billed",
      "/contact-us",
      "/blogs",
      await firstBlogPath(page),
      "/about-us",
      "/privacy__policy",
      "/login",
      "/sign-up",
      "/forgot__password",
      "/no-such-page",
    ];
    expect(await policyMessages(page, paths)).toEqual([]);
  });

  it("lets the customer's checkout and dashboard run without a policy error in the console", async () => {
    const { context, page } = browser;
    await createCustomer(context);
    const [plan] = await plans(context.request);
    if (!plan) throw new Error("the shop has no plans");
    const orderId = await order(context.request, plan);
    const paths = [
      `/checkout/${plan._id}`,
      "/dashboard",
      "/dashboard/profile",
      "/dashboard/profile/edit",
      "/dashboard/add-review",
      "/dashboard/my-orders",
      `/dashboard/my-orders/${orderId}`,
      `/dashboard/payment/${orderId}`,
      "/dashboard/payment-history",
      "/dashboard/notifications",
    ];
    expect(await policyMessages(page, paths)).toEqual([]);
  });

  it("lets every admin screen run without a policy error in the console", async () => {
    const { context, page } = browser;
    await signInAsOwner(context);
    const admin = [
      "",
      "/all__user",
      "/overview",
      "/manage__reviews",
      "/all__orders",
      "/add__blog",
      "/leads",
      "/audit",
      "/jobs",
      "/brief-questions",
      "/catalog",
      "/promo-codes",
      "/site-content",
    ];
    expect(
      await policyMessages(
        page,
        admin.map((path) => `/dashboard/admin${path}`),
      ),
    ).toEqual([]);
  });
});
