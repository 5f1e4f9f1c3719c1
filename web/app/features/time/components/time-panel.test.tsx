import type { OrderTime, TimeEntry } from "@agency/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { timeTexts as t } from "../../../lib/messages/workday";
import { stubScreenWidth } from "../../../test/browser-apis";
import { fakeApi } from "../../../test/fake-api";
import { renderWithProviders } from "../../../test/render-with-providers";
import { TimePanel } from "./time-panel";

const orderId = "0b1c2d3e-0000-4000-8000-000000000001";

const entry = (overrides: Partial<TimeEntry>): TimeEntry => ({
  _id: "0b1c2d3e-0000-4000-8000-0000000000e1",
  orderId,
  orderNumber: 1001,
  memberId: "m1",
  memberName: "Dana Designer",
  day: "2026-11-20",
  startedAt: null,
  endedAt: null,
  minutes: 90,
  note: "Banner sizes",
  billable: true,
  mayEdit: true,
  ...overrides,
});

const time = (entries: TimeEntry[]): OrderTime => ({
  entries,
  totals: {
    minutes: entries.reduce((sum, item) => sum + (item.minutes ?? 0), 0),
    billableMinutes: entries
      .filter((item) => item.billable)
      .reduce((sum, item) => sum + (item.minutes ?? 0), 0),
  },
  byMember: [],
  byPeriod: [],
  expectedMinutes: null,
});

describe("an order's time", () => {
  it("totals the entries, offers changes only on one's own, and asks for a duration before adding", async () => {
    stubScreenWidth(1280);
    const api = fakeApi({
      "GET /api/admin/orders/:id/time": time([
        entry({}),
        entry({
          _id: "0b1c2d3e-0000-4000-8000-0000000000e2",
          memberName: "Wes",
          minutes: 30,
          billable: false,
          mayEdit: false,
        }),
      ]),
      "GET /api/admin/time/running": { entry: null },
      "POST /api/admin/orders/:id/time": time([
        entry({}),
        entry({ _id: "0b1c2d3e-0000-4000-8000-0000000000e3", minutes: 75 }),
      ]),
    });
    renderWithProviders(<TimePanel orderId={orderId} />);
    const panel = await screen.findByRole("region", { name: t.heading });
    expect(within(panel).getByText(t.total("2 h"))).toBeTruthy();
    expect(within(panel).getAllByRole("button", { name: t.edit })).toHaveLength(1);
    expect(within(panel).getByRole("button", { name: t.start })).toBeTruthy();

    const form = within(panel).getByRole("form", { name: t.add.heading });
    fireEvent.click(within(form).getByRole("button", { name: t.add.submit }));
    expect(await within(form).findByText(t.add.noDuration)).toBeTruthy();
    expect(api.bodies("POST /api/admin/orders/:id/time")).toEqual([]);
    fireEvent.change(within(form).getByLabelText(t.add.hours), { target: { value: "1" } });
    fireEvent.change(within(form).getByLabelText(t.add.minutes), { target: { value: "15" } });
    fireEvent.change(within(form).getByLabelText(t.add.note), { target: { value: "Proofs" } });
    fireEvent.click(within(form).getByRole("button", { name: t.add.submit }));
    await waitFor(() => expect(api.bodies("POST /api/admin/orders/:id/time")).toHaveLength(1));
    expect(api.bodies("POST /api/admin/orders/:id/time")[0]).toMatchObject({
      minutes: 75,
      note: "Proofs",
      billable: true,
    });
  });

  it("offers Stop on the order whose timer runs", async () => {
    stubScreenWidth(1280);
    const running = entry({ startedAt: "2026-11-29T09:00:00.000Z", minutes: null });
    fakeApi({
      "GET /api/admin/orders/:id/time": time([running]),
      "GET /api/admin/time/running": { entry: running },
    });
    renderWithProviders(<TimePanel orderId={orderId} />);
    const panel = await screen.findByRole("region", { name: t.heading });
    expect(await within(panel).findByRole("button", { name: t.stop })).toBeTruthy();
    expect(within(panel).getByText(t.running)).toBeTruthy();
  });
});
