import type { UnbilledTime as Unbilled } from "@agency/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { unbilledTimeTexts as t } from "../../../lib/messages/workday";
import { stubScreenWidth } from "../../../test/browser-apis";
import { fakeApi } from "../../../test/fake-api";
import { renderRoute } from "../../../test/render-route";
import { UnbilledTime } from "./unbilled-time";

const entry = (id: string, memberName: string, minutes: number, amount: number | null) => ({
  _id: id,
  orderId: "0b1c2d3e-0000-4000-8000-000000000001",
  orderNumber: 1001,
  memberId: memberName,
  memberName,
  day: "2026-11-20",
  minutes,
  note: "",
  rate: amount === null ? null : 80,
  amount,
});

const unbilled: Unbilled = {
  currency: "usd",
  entries: [entry("e1", "Dana", 90, 120), entry("e2", "Wes", 30, 40)],
};

function Page() {
  return <UnbilledTime companyId="c1" />;
}

function DraftPage() {
  return <h1>Draft invoice</h1>;
}

describe("a company's unbilled time", () => {
  it("bills the entries left ticked, grouped as chosen, and opens the draft", async () => {
    stubScreenWidth(1280);
    const api = fakeApi({
      "GET /api/admin/companies/:id/unbilled-time": unbilled,
      "POST /api/admin/time/invoice": { invoiceId: "inv-1" },
    });
    renderRoute("/dashboard/admin/companies/:id", Page, "/dashboard/admin/companies/c1", [
      { path: "/dashboard/admin/sales/:id", Component: DraftPage },
    ]);
    const panel = await screen.findByRole("region", { name: t.heading });
    expect(within(panel).getByText(t.total("$160.00"))).toBeTruthy();
    fireEvent.click(within(panel).getByRole("checkbox", { name: t.choose("Nov 20, 2026 Wes 30 min") }));
    expect(within(panel).getByText(t.total("$120.00"))).toBeTruthy();
    fireEvent.click(within(panel).getByLabelText(t.perEntry));
    fireEvent.click(within(panel).getByRole("button", { name: t.submit }));
    await waitFor(() =>
      expect(api.bodies("POST /api/admin/time/invoice")).toEqual([
        { companyId: "c1", entryIds: ["e1"], grouping: "entry" },
      ]),
    );
    expect(await screen.findByRole("heading", { name: "Draft invoice" })).toBeTruthy();
  });
});
