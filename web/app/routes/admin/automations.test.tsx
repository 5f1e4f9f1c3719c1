import { ruleTriggerLabels } from "@agency/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { rulesPage as t } from "../../lib/messages/workday";
import { fakeApi } from "../../test/fake-api";
import { renderRoute } from "../../test/render-route";
import AutomationsPage from "./automations";

const rule = {
  _id: "0b1c2d3e-0000-4000-8000-0000000000r1",
  name: "Premium to the least loaded",
  trigger: "order_paid" as const,
  waitDays: null,
  planId: null,
  companyId: null,
  minAmount: null,
  actions: [{ type: "assign" as const, mode: "least_loaded" as const, memberIds: ["m1"] }],
  paused: false,
  runs: [],
};

describe("the rules page", () => {
  it("says what a rule lacks, then writes it from the form", async () => {
    const api = fakeApi({
      "GET /api/admin/automations": [],
      "POST /api/admin/automations": [rule],
      "GET /api/team/assignees": [
        { id: "m1", name: "Ann", email: "ann@shop.test" },
        { id: "m2", name: "Ben", email: "ben@shop.test" },
      ],
      "GET /api/admin/templates": [],
    });
    renderRoute("/dashboard/admin/rules", AutomationsPage, "/dashboard/admin/rules");
    const form = await screen.findByRole("form", { name: t.newHeading });
    fireEvent.change(within(form).getByLabelText(t.name), { target: { value: rule.name } });
    fireEvent.submit(form);
    expect(await within(form).findByText(t.chooseAction)).toBeTruthy();
    fireEvent.click(within(form).getByLabelText(t.assign));
    fireEvent.submit(form);
    expect(await within(form).findByText(t.chooseMember)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(t.assignMode), { target: { value: "least_loaded" } });
    fireEvent.click(await within(form).findByLabelText("Ann"));
    fireEvent.submit(form);
    await waitFor(() => expect(api.bodies("POST /api/admin/automations")).toHaveLength(1));
    expect(api.bodies("POST /api/admin/automations")[0]).toMatchObject({
      name: rule.name,
      trigger: "order_paid",
      actions: [{ type: "assign", mode: "least_loaded", memberIds: ["m1"] }],
    });
    expect(await screen.findByRole("heading", { name: rule.name })).toBeTruthy();
    const listed = screen.getByRole("heading", { name: rule.name }).closest("li") as HTMLElement;
    expect(within(listed).getByText(new RegExp(ruleTriggerLabels.order_paid))).toBeTruthy();
  });

  it("changes a rule in its own form: what it had is filled in, and the change is sent whole", async () => {
    const changed = {
      ...rule,
      name: "Premium to Ben",
      actions: [{ type: "assign" as const, mode: "member" as const, memberIds: ["m2"] }],
    };
    const api = fakeApi({
      "GET /api/admin/automations": [rule],
      "PUT /api/admin/automations/:id": [changed],
      "GET /api/team/assignees": [
        { id: "m1", name: "Ann", email: "ann@shop.test" },
        { id: "m2", name: "Ben", email: "ben@shop.test" },
      ],
      "GET /api/admin/templates": [],
    });
    renderRoute("/dashboard/admin/rules", AutomationsPage, "/dashboard/admin/rules");
    const listed = (await screen.findByRole("heading", { name: rule.name })).closest("li") as HTMLElement;
    fireEvent.click(within(listed).getByRole("button", { name: t.edit }));
    const form = await within(listed).findByRole("form", { name: t.editHeading(rule.name) });
    expect((within(form).getByLabelText(t.name) as HTMLInputElement).value).toBe(rule.name);
    expect((within(form).getByLabelText(t.assign) as HTMLInputElement).checked).toBe(true);
    expect(((await within(form).findByLabelText("Ann")) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(form).getByLabelText(t.name), { target: { value: changed.name } });
    fireEvent.change(within(form).getByLabelText(t.assignMode), { target: { value: "member" } });
    fireEvent.click(within(form).getByLabelText("Ann"));
    fireEvent.click(within(form).getByLabelText("Ben"));
    fireEvent.submit(form);
    await waitFor(() => expect(api.bodies("PUT /api/admin/automations/:id")).toHaveLength(1));
    expect(api.bodies("PUT /api/admin/automations/:id")[0]).toMatchObject({
      name: changed.name,
      trigger: "order_paid",
      actions: [{ type: "assign", mode: "member", memberIds: ["m2"] }],
    });
    expect(await screen.findByRole("heading", { name: changed.name })).toBeTruthy();
    expect(screen.queryByRole("form", { name: t.editHeading(rule.name) })).toBeNull();
  });
});
