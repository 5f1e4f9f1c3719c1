import { ErrorResponse, PricingList, PricingPlan, Service } from "@agency/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, type TestContext } from "../../../test/helpers.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe("catalog", () => {
  it("lists the six demo services in their order", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/services" });
    expect(response.statusCode).toBe(200);
    const services = z.array(Service).parse(response.json());
    expect(services.map((service) => service.title)).toEqual([
      "Marketing",
      "Strategy",
      "UX Design",
      "SEO/SEM",
      "Development",
      "Social Media",
    ]);
  });

  it("lists six pricing plans with the spec's field names and prices in dollars", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/pricing" });
    expect(response.statusCode).toBe(200);
    const plans = PricingList.parse(response.json());
    const summary = plans.map((plan) => [plan.duration, plan.service, plan.oldPrice, plan.newPrice]);
    expect(summary).toEqual([
      ["monthly", "Standard", 39, 19],
      ["monthly", "Premium", 159, 99],
      ["monthly", "Extended", 99, 79],
      ["yearly", "Standard", 119, 99],
      ["yearly", "Premium", 499, 299],
      ["yearly", "Extended", 249, 199],
    ]);
    for (const plan of plans) {
      expect(plan.serviceName).toEqual(["SEO", "Affiliate", "Apps", "24/7"]);
      expect(plan.serviceTitle).toEqual(["organic search", "marketing", "advertising", "Free support"]);
      expect(plan.highlighted).toBe(plan.service === "Premium");
    }
  });

  it("returns one plan with what the checkout needs", async () => {
    const plans = PricingList.parse((await ctx.app.inject({ method: "GET", url: "/api/pricing" })).json());
    const premium = plans.find((plan) => plan.service === "Premium" && plan.duration === "yearly");
    const response = await ctx.app.inject({ method: "GET", url: `/api/pricing/${premium?._id}` });
    expect(response.statusCode).toBe(200);
    const plan = PricingPlan.parse(response.json());
    expect(plan).toMatchObject({ service: "Premium", duration: "yearly", oldPrice: 499, newPrice: 299 });
  });

  it.each([
    ["a malformed id", "not-an-id"],
    ["an unknown id", "00000000-0000-4000-8000-000000000000"],
    ["an id with SQL in it", "1'%20or%20'1'='1"],
  ])("answers 404 with the error shape for %s, and keeps serving", async (_, id) => {
    const response = await ctx.app.inject({ method: "GET", url: `/api/pricing/${id}` });
    expect(response.statusCode).toBe(404);
    expect(ErrorResponse.parse(response.json()).error.code).toBe("not_found");
    const after = await ctx.app.inject({ method: "GET", url: "/api/health" });
    expect(after.statusCode).toBe(200);
  });

  it("lists reviews newest first without exposing reviewers' email addresses", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/reviews" });
    expect(response.statusCode).toBe(200);
    const reviews = response.json() as Record<string, unknown>[];
    expect(reviews.length).toBeGreaterThan(0);
    for (const review of reviews) expect(review).not.toHaveProperty("email");
    const times = reviews.map((review) => Date.parse(String(review.createdAt)));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("counts the reviews", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/review-count" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ count: 4 });
  });
});
