import type { PricingPlan } from "@agency/contract";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { pricing } from "../lib/messages";
import { extendedMonthly, premiumMonthly, standardMonthly } from "../test/pricing-fixture";
import { PricingCard } from "./pricing-card";

/** What a screen reader announces for each feature of the card: its name and its tick or cross. */
function featureStatuses() {
  return screen.getAllByRole("listitem").map((item) => ({
    feature: item.querySelector("strong")?.textContent,
    status: within(item).getByRole("img").getAttribute("aria-label"),
  }));
}

const { included, notIncluded } = pricing;

/** The card links to its checkout, so it needs a router around it. */
function renderCard(plan: PricingPlan) {
  return render(
    <MemoryRouter>
      <PricingCard plan={plan} />
    </MemoryRouter>,
  );
}

describe("PricingCard", () => {
  it("crosses the third and fourth features on Standard", () => {
    renderCard(standardMonthly);
    expect(featureStatuses()).toEqual([
      { feature: "Keyword research", status: included },
      { feature: "Social media posts", status: included },
      { feature: "Paid ads management", status: notIncluded },
      { feature: "Dedicated strategist", status: notIncluded },
    ]);
  });

  it("ticks all four features on Premium", () => {
    renderCard(premiumMonthly);
    expect(featureStatuses().map((row) => row.status)).toEqual([included, included, included, included]);
  });

  it("crosses only the fourth feature on Extended", () => {
    renderCard(extendedMonthly);
    expect(featureStatuses().map((row) => row.status)).toEqual([included, included, included, notIncluded]);
  });

  it("shows the plan name, each feature's detail, the price and the struck-through old price", () => {
    renderCard(standardMonthly);
    const card = screen.getByRole("article", { name: "Standard" });
    expect(within(card).getByRole("heading", { name: "Standard" })).toBeTruthy();
    expect(within(card).getByText("Up to 10 keywords")).toBeTruthy();
    expect(within(card).getByText("$19.00")).toBeTruthy();
    expect(within(card).getByText("$39.00").closest("del")).not.toBeNull();
    expect(within(card).getByText("/ month")).toBeTruthy();
  });

  it("puts Buy Now at the bottom of the card's column, so the buttons of a row line up", () => {
    renderCard(standardMonthly);
    const buy = screen.getByRole("link", { name: /Buy Now/ });
    const body = buy.parentElement;
    expect(body?.classList.contains("d-flex")).toBe(true);
    expect(body?.classList.contains("flex-column")).toBe(true);
    expect(body?.lastElementChild).toBe(buy);
    expect(buy.classList.contains("mt-auto")).toBe(true);
  });

  it("marks the highlighted plan and paints it with the plan's colours", () => {
    renderCard(premiumMonthly);
    const card = screen.getByRole("article", { name: /Premium/ });
    expect(within(card).getByText(pricing.mostPopular)).toBeTruthy();
    expect(card.style.backgroundColor).toBe("rgb(59, 63, 216)");
    expect(card.style.color).toBe("rgb(255, 255, 255)");
  });
});
