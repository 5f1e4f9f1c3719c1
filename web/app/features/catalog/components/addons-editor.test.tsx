import { type AdminPlan, catalogMessages } from "@agency/contract";
import { moneyInputMessages } from "@agency/contract/money-input";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api";
import { catalogEditor as t } from "../../../lib/messages";
import { fakeApi } from "../../../test/fake-api";
import { premiumMonthly } from "../../../test/pricing-fixture";
import { renderWithProviders } from "../../../test/render-with-providers";
import { AddonForm } from "./addon-form";
import { AddonsEditor } from "./addons-editor";

vi.mock("../../../lib/alerts", () => ({ confirmAction: vi.fn(async () => true) }));

const rush = { _id: "a-rush", name: "Rush delivery", price: 50, recurring: false };
const report = { _id: "a-report", name: "Monthly report", price: 20, recurring: true };
const plan: AdminPlan = {
  ...premiumMonthly,
  position: 1,
  archived: false,
  orders: 2,
  subscribers: 1,
  turnaroundDays: 14,
  expectedHours: null,
  hoursToClient: false,
  addons: [rush, report],
};

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** The price box's label names the plan's currency. */
const price = `${t.addonPrice} ($)`;

describe("the add-on form", () => {
  it("says what is missing or wrong under each field and sends nothing", async () => {
    const onSubmit = vi.fn(async () => {});
    renderWithProviders(<AddonForm planId={plan._id} onSubmit={onSubmit} />);
    type(price, "0");
    fireEvent.click(screen.getByRole("button", { name: t.create }));
    expect(await screen.findByText(`${t.addonName} is required`)).toBeTruthy();
    expect(screen.getByText(`${t.addonPrice} ${catalogMessages.addonPrice}`)).toBeTruthy();

    type(price, "12.345");
    fireEvent.click(screen.getByRole("button", { name: t.create }));
    expect(await screen.findByText(moneyInputMessages.decimals("USD", 2))).toBeTruthy();
    type(price, "");
    fireEvent.click(screen.getByRole("button", { name: t.create }));
    expect(await screen.findByText(`${t.addonPrice} is required`)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("sends a valid add-on charged every period and empties the form", async () => {
    const onSubmit = vi.fn(async () => {});
    renderWithProviders(<AddonForm planId={plan._id} onSubmit={onSubmit} />);
    type(t.addonName, "  Monthly call ");
    type(price, "39.5");
    fireEvent.click(screen.getByLabelText(t.addonEvery));
    fireEvent.click(screen.getByRole("button", { name: t.create }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ name: "Monthly call", price: 39.5, recurring: true }),
    );
    // The form empties once the save has finished, a tick after the call.
    await waitFor(() => expect((screen.getByLabelText(t.addonName) as HTMLInputElement).value).toBe(""));
    expect((screen.getByLabelText(t.addonOnce) as HTMLInputElement).checked).toBe(true);
  });

  it("shows the server's refusal of a name beside it", async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(409, "conflict", catalogMessages.addonNameTaken, {
        name: catalogMessages.addonNameTaken,
      });
    });
    renderWithProviders(<AddonForm planId={plan._id} editing={report} onSubmit={onSubmit} />);
    expect((screen.getByLabelText(t.addonName) as HTMLInputElement).value).toBe("Monthly report");
    expect((screen.getByLabelText(t.addonEvery) as HTMLInputElement).checked).toBe(true);
    type(t.addonName, "Rush delivery");
    fireEvent.click(screen.getByRole("button", { name: t.save }));
    expect(await screen.findByText(`${t.addonName} ${catalogMessages.addonNameTaken}`)).toBeTruthy();
  });
});

describe("a plan's add-ons in the editor", () => {
  function openEditor() {
    const api = fakeApi({
      "POST /api/admin/catalog/plans/:id/addons": {
        _id: "a-new",
        name: "Launch party",
        price: 15,
        recurring: false,
      },
      "PUT /api/admin/catalog/plans/:id/addons-order": [report, rush],
      "PUT /api/admin/catalog/addons/:id": { ...rush, price: 55 },
      "DELETE /api/admin/catalog/addons/:id": { deletedCount: 1 },
    });
    renderWithProviders(<AddonsEditor plan={plan} onClose={() => {}} />);
    return api;
  }

  it("lists each add-on with its price and how often it is charged, in the checkout's order", () => {
    openEditor();
    const section = screen.getByRole("region", { name: t.addonsHeading("Premium (monthly)") });
    const rows = within(section).getAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining("Rush delivery $50.00 once"),
      expect.stringContaining("Monthly report $20.00 every month"),
    ]);
  });

  it("adds, edits, moves and removes add-ons through the catalog's calls", async () => {
    const api = openEditor();
    fireEvent.click(screen.getByRole("button", { name: t.addAddon }));
    const form = screen.getByRole("form", { name: t.addAddon });
    fireEvent.change(within(form).getByLabelText(t.addonName), { target: { value: "Launch party" } });
    fireEvent.change(within(form).getByLabelText(price), { target: { value: "15" } });
    fireEvent.click(within(form).getByRole("button", { name: t.create }));
    await waitFor(() =>
      expect(
        api.calls.find((call) => call.route === "POST /api/admin/catalog/plans/:id/addons"),
      ).toMatchObject({
        params: { id: plan._id },
        body: { name: "Launch party", price: 15, recurring: false },
      }),
    );

    fireEvent.click(screen.getByRole("button", { name: t.editAddon("Rush delivery") }));
    const edit = screen.getByRole("form", { name: t.editAddon("Rush delivery") });
    fireEvent.change(within(edit).getByLabelText(price), { target: { value: "55" } });
    fireEvent.click(within(edit).getByRole("button", { name: t.save }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.route === "PUT /api/admin/catalog/addons/:id")).toMatchObject({
        params: { id: rush._id },
        body: { name: "Rush delivery", price: 55, recurring: false },
      }),
    );

    fireEvent.click(screen.getByRole("button", { name: t.moveDown("Rush delivery") }));
    await waitFor(() =>
      expect(
        api.calls.find((call) => call.route === "PUT /api/admin/catalog/plans/:id/addons-order")?.body,
      ).toEqual({
        ids: [report._id, rush._id],
      }),
    );

    fireEvent.click(screen.getByRole("button", { name: t.removeAddon("Monthly report") }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.route === "DELETE /api/admin/catalog/addons/:id")?.params).toEqual(
        {
          id: report._id,
        },
      ),
    );
  });
});
