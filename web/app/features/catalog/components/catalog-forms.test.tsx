import type { AdminPlan, CreatePlanBody } from "@agency/contract";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api";
import { catalogEditor as t } from "../../../lib/messages";
import { premiumMonthly } from "../../../test/pricing-fixture";
import { PlanForm } from "./plan-form";
import { PriceForm } from "./price-form";
import { ServiceForm } from "./service-form";

const plan: AdminPlan = {
  ...premiumMonthly,
  position: 1,
  archived: false,
  orders: 2,
  subscribers: 1,
  turnaroundDays: 14,
  expectedHours: null,
  hoursToClient: false,
  addons: [],
};

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = (name: string) => fireEvent.click(screen.getByRole("button", { name }));

describe("the service form", () => {
  it("says what is missing or wrong and sends nothing", async () => {
    const onSubmit = vi.fn(async () => {});
    render(<ServiceForm onSubmit={onSubmit} />);
    type(t.serviceImage, "javascript:alert(1)");
    submit(t.create);
    expect(await screen.findByText(`${t.serviceTitle} is required`)).toBeTruthy();
    expect(screen.getByText(`${t.serviceDescription} is required`)).toBeTruthy();
    expect(screen.getByText(/^Image \(web address or \/images\/… path\) must be a web address/)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("sends a valid service and empties the form", async () => {
    const onSubmit = vi.fn(async () => {});
    render(<ServiceForm onSubmit={onSubmit} />);
    type(t.serviceTitle, " Podcasts ");
    type(t.serviceDescription, "Shows.");
    type(t.serviceImage, "/images/podcasts.svg");
    submit(t.create);
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        title: "Podcasts",
        description: "Shows.",
        image: "/images/podcasts.svg",
      }),
    );
    // The form empties once the save has answered, a moment after the call.
    await waitFor(() => expect((screen.getByLabelText(t.serviceTitle) as HTMLInputElement).value).toBe(""));
  });
});

describe("the plan form", () => {
  it("asks for the name, the prices and every feature's name and detail", async () => {
    const onCreate = vi.fn(async () => {});
    render(<PlanForm onCreate={onCreate} />);
    type(`${t.newPrice} ($)`, "0.5");
    type("Card colour", "blue");
    submit(t.create);
    expect(await screen.findByText(`${t.planName} is required`)).toBeTruthy();
    expect(screen.getByText(`${t.newPrice} must be at least 1 $`)).toBeTruthy();
    expect(screen.getByText(`${t.oldPrice} is required`)).toBeTruthy();
    expect(screen.getByText("Feature 3 name is required")).toBeTruthy();
    expect(screen.getByText("Card colour must be a colour like #1f2a44")).toBeTruthy();
    expect(onCreate).not.toHaveBeenCalled();
  });

  it("sends the features with their ticks and crosses", async () => {
    const onCreate = vi.fn(async (_body: CreatePlanBody) => {});
    render(<PlanForm onCreate={onCreate} />);
    type(t.planName, "Starter");
    type(t.planTagline, "For a first shop");
    type(`${t.oldPrice} ($)`, "59");
    type(`${t.newPrice} ($)`, "29.5");
    for (const index of [0, 1, 2, 3]) {
      type(`Feature ${index + 1} name`, `F${index}`);
      type(`Feature ${index + 1} detail`, `D${index}`);
    }
    fireEvent.click(screen.getByLabelText(`Feature 4: ${t.featureIncluded}`));
    submit(t.create);
    await waitFor(() => expect(onCreate).toHaveBeenCalledTimes(1));
    expect(onCreate.mock.calls[0]?.[0]).toMatchObject({
      service: "Starter",
      oldPrice: 59,
      newPrice: 29.5,
      turnaroundDays: 7,
      features: [
        { name: "F0", detail: "D0", included: true },
        { name: "F1", detail: "D1", included: true },
        { name: "F2", detail: "D2", included: true },
        { name: "F3", detail: "D3", included: false },
      ],
    });
  });

  it("shows a plan's turnaround, refuses one out of 1 to 365 days and saves a new one", async () => {
    const onUpdate = vi.fn(async () => {});
    render(<PlanForm editing={plan} onUpdate={onUpdate} />);
    expect((screen.getByLabelText(t.turnaround) as HTMLInputElement).value).toBe("14");
    const wrong: [value: string, problem: string][] = [
      ["0", "must be at least 1 day"],
      ["366", "must be at most 365 days"],
      ["2.5", "must be a whole number of days"],
      ["", "is required"],
    ];
    for (const [value, problem] of wrong) {
      type(t.turnaround, value);
      submit(t.save);
      expect(await screen.findByText(`${t.turnaround} ${problem}`)).toBeTruthy();
    }
    expect(onUpdate).not.toHaveBeenCalled();
    type(t.turnaround, "21");
    submit(t.save);
    await waitFor(() =>
      expect(onUpdate).toHaveBeenCalledWith(expect.objectContaining({ turnaroundDays: 21 })),
    );
  });

  it("shows the server's refusal of a field beside it", async () => {
    const onUpdate = vi.fn(async () => {
      throw new ApiError(400, "bad_request", "Invalid", { "features.1.detail": "is too long" });
    });
    render(<PlanForm editing={plan} onUpdate={onUpdate} />);
    submit(t.save);
    expect(await screen.findByText("Feature 2 detail is too long")).toBeTruthy();
  });
});

describe("the price form", () => {
  it("refuses a price below 1 $ and leaves renewals alone unless ticked", async () => {
    const onSubmit = vi.fn(async () => {});
    render(<PriceForm plan={plan} onSubmit={onSubmit} onCancel={() => {}} />);
    type(`${t.newPrice} ($)`, "0");
    submit(t.savePrice);
    expect(await screen.findByText(`${t.newPrice} must be at least 1 $`)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    type(`${t.newPrice} ($)`, "59");
    submit(t.savePrice);
    await waitFor(() =>
      expect(onSubmit).toHaveBeenLastCalledWith({ oldPrice: 79, newPrice: 59, applyToRenewals: false }),
    );
    fireEvent.click(screen.getByLabelText(t.applyToRenewals));
    submit(t.savePrice);
    await waitFor(() =>
      expect(onSubmit).toHaveBeenLastCalledWith({ oldPrice: 79, newPrice: 59, applyToRenewals: true }),
    );
  });
});
