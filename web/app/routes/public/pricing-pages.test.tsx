import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { pricing } from "../../lib/messages";
import { createQueryClient } from "../../lib/query-client";
import { apiFailure, fakeApi, inTurn } from "../../test/fake-api";
import { pricingFixture } from "../../test/pricing-fixture";
import MonthlyPricing from "./monthly-pricing";
import YearlyPricing from "./yearly-pricing";

function renderPricingAt(path: string) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const Stub = createRoutesStub([
    { path: "/home", Component: MonthlyPricing },
    { path: "/yearly-billed", Component: YearlyPricing },
  ]);
  render(
    <QueryClientProvider client={queryClient}>
      <Stub initialEntries={[path]} />
    </QueryClientProvider>,
  );
}

function cardHeadings() {
  return screen.getAllByRole("article").map((card) => within(card).getByRole("heading").textContent);
}

describe("pricing plans of a billing duration", () => {
  it("shows only the monthly plans on /home", async () => {
    const api = fakeApi({ "GET /api/pricing": pricingFixture });
    renderPricingAt("/home");

    expect(screen.getByRole("status", { name: pricing.loading })).toBeTruthy();
    expect(await screen.findByText("$19.00")).toBeTruthy();
    expect(cardHeadings()).toEqual(["Standard", "Premium", "Extended"]);
    expect(screen.queryByText("$190.00")).toBeNull();
    expect(api.urls("GET")).toContain("/api/pricing");
  });

  it("shows only the yearly plans on /yearly-billed", async () => {
    fakeApi({ "GET /api/pricing": pricingFixture });
    renderPricingAt("/yearly-billed");

    expect(await screen.findByText("$190.00")).toBeTruthy();
    expect(cardHeadings()).toEqual(["Standard"]);
    expect(screen.queryByText("$19.00")).toBeNull();
  });

  it("shows the server's message and loads again on retry", async () => {
    fakeApi({
      "GET /api/pricing": inTurn(apiFailure(500, "internal", "The catalogue is resting."), pricingFixture),
    });
    renderPricingAt("/home");

    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText(pricing.loadFailed)).toBeTruthy();
    expect(within(alert).getByText("The catalogue is resting.")).toBeTruthy();

    within(alert).getByRole("button", { name: pricing.retry }).click();
    expect(await screen.findByText("$19.00")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
