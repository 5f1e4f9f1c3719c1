import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { pricing } from "../../../lib/messages";
import { BillingSwitch } from "./billing-switch";

function renderSwitchAt(path: string) {
  const Stub = createRoutesStub([{ path: "*", Component: BillingSwitch }]);
  render(<Stub initialEntries={[path]} />);
  const nav = screen.getByRole("navigation", { name: pricing.billingPeriod });
  return {
    monthly: within(nav).getByRole("link", { name: pricing.monthly }),
    yearly: within(nav).getByRole("link", { name: pricing.yearly }),
  };
}

describe("BillingSwitch", () => {
  it.each(["/", "/home"])("marks Monthly as the current choice on %s", async (path) => {
    const { monthly, yearly } = renderSwitchAt(path);
    expect(monthly.getAttribute("aria-current")).toBe("page");
    expect(yearly.getAttribute("aria-current")).toBeNull();
  });

  it("marks Yearly as the current choice on /yearly-billed and links both durations", () => {
    const { monthly, yearly } = renderSwitchAt("/yearly-billed");
    expect(yearly.getAttribute("aria-current")).toBe("page");
    expect(monthly.getAttribute("aria-current")).toBeNull();
    expect(monthly.getAttribute("href")).toBe("/home");
    expect(yearly.getAttribute("href")).toBe("/yearly-billed");
  });
});
