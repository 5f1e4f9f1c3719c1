import type { Workload } from "@agency/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { workloadPage as t } from "../../lib/messages/workday";
import { stubScreenWidth } from "../../test/browser-apis";
import { fakeApi } from "../../test/fake-api";
import { renderRoute } from "../../test/render-route";
import WorkloadPage from "./workload";

const workload = (designerCapacity: number): Workload => ({
  weekStart: "2026-11-23",
  currency: "usd",
  members: [
    {
      memberId: "dana",
      name: "Dana Designer",
      openOrders: 3,
      overdueOrders: 1,
      dueMinutes: 720,
      loggedMinutes: 95,
      capacityMinutes: designerCapacity,
      overloaded: 720 > designerCapacity,
    },
    {
      memberId: "wes",
      name: "Wes Writer",
      openOrders: 1,
      overdueOrders: 0,
      dueMinutes: 0,
      loggedMinutes: 70,
      capacityMinutes: 2400,
      overloaded: false,
    },
  ],
});

describe("the workload page", () => {
  it("marks the overloaded member, links each to their board, and saves a capacity", async () => {
    stubScreenWidth(1280);
    const api = fakeApi({
      "GET /api/admin/workload": workload(2400),
      "PUT /api/admin/workload/:id/capacity": workload(600),
    });
    renderRoute("/dashboard/admin/workload", WorkloadPage, "/dashboard/admin/workload");
    const dana = (await screen.findByRole("link", { name: t.openBoard("Dana Designer") })).closest(
      "tr",
    ) as HTMLElement;
    expect(within(dana).getByRole("link").getAttribute("href")).toBe("/dashboard/admin/board?assignee=dana");
    expect(within(dana).getByText(t.against("12 h", "40 h"))).toBeTruthy();
    expect(within(dana).getByText(t.overdue(1))).toBeTruthy();
    expect(within(dana).queryByText(t.overloaded)).toBeNull();
    fireEvent.change(within(dana).getByLabelText(t.capacityLabel("Dana Designer")), {
      target: { value: "10" },
    });
    fireEvent.click(within(dana).getByRole("button", { name: t.save }));
    await waitFor(() => expect(api.bodies("PUT /api/admin/workload/:id/capacity")).toEqual([{ hours: 10 }]));
    expect(await within(dana).findByText(t.overloaded)).toBeTruthy();
  });
});
