import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { confirmAction, confirmWithOption } from "../../../lib/alerts";
import { workflowActions as t, threadTexts } from "../../../lib/messages";
import { type FakeApi, fakeApi } from "../../../test/fake-api";
import { renderWithProviders } from "../../../test/render-with-providers";
import { paidOrder } from "../test/order-fixture";
import { AdminActions } from "./admin-actions";

vi.mock("../../../lib/alerts", () => ({
  confirmAction: vi.fn(async () => true),
  confirmWithOption: vi.fn(async () => ({ option: true })),
}));

const base = (id: string) => `/api/admin/orders/${id}`;

const posted = (api: FakeApi, url: string) =>
  api.calls.find((call) => call.url === url && call.method === "POST")?.body;

describe("the agency's moves on an order", () => {
  it("cancels with a refund of what was paid once the red dialog is confirmed with the refund ticked", async () => {
    const order = paidOrder();
    const api = fakeApi({ "POST /api/admin/orders/:id/cancel": { ...order, state: "cancelled" } });
    renderWithProviders(<AdminActions order={order} />);
    fireEvent.click(screen.getByRole("button", { name: t.cancel }));

    expect(await screen.findByText(t.cancelledWithRefund)).toBeTruthy();
    expect(confirmWithOption).toHaveBeenCalledWith(
      expect.objectContaining({ destructive: true, option: t.refund("$49.00") }),
    );
    expect(posted(api, `${base(order._id)}/cancel`)).toEqual({ refund: true });
  });

  it("delivers with the note and the files stored for it", async () => {
    const order = paidOrder({ state: "in_progress" });
    const api = fakeApi({
      "POST /api/order/:id/files": {
        _id: "f-final",
        name: "final.pdf",
        size: 4,
        contentType: "application/pdf",
        createdAt: "2026-11-24T10:00:00.000Z",
        url: "/api/files/f-final",
      },
      "POST /api/admin/orders/:id/state": { ...order, state: "delivered" },
    });
    renderWithProviders(<AdminActions order={order} />);
    expect(screen.queryByRole("button", { name: t.start })).toBeNull();
    fireEvent.change(screen.getByLabelText(t.deliverNote), { target: { value: " Final version " } });
    fireEvent.change(screen.getByLabelText(t.deliverFiles), {
      target: { files: [new File(["%PDF"], "final.pdf", { type: "application/pdf" })] },
    });
    await screen.findByText(threadTexts.size(4));
    fireEvent.click(screen.getByRole("button", { name: t.deliver }));

    expect(await screen.findByText(t.delivered)).toBeTruthy();
    expect(confirmAction).toHaveBeenCalledWith(expect.objectContaining({ text: t.deliverText(1) }));
    await waitFor(() =>
      expect(posted(api, `${base(order._id)}/state`)).toEqual({
        state: "delivered",
        note: "Final version",
        fileIds: ["f-final"],
      }),
    );
  });
});
