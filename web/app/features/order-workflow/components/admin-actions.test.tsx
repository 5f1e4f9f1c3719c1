import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { confirmAction, confirmWithOption } from "../../../lib/alerts";
import { workflowActions as t, threadTexts } from "../../../lib/messages";
import { jsonResponse, renderWithProviders } from "../../../test/render-with-providers";
import { paidOrder } from "../test/order-fixture";
import { AdminActions } from "./admin-actions";

vi.mock("../../../lib/alerts", () => ({
  confirmAction: vi.fn(async () => true),
  confirmWithOption: vi.fn(async () => ({ option: true })),
}));

const base = (id: string) => `/api/admin/orders/${id}`;

function serve(answer: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => answer(url, init));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const posted = (fetchMock: ReturnType<typeof serve>, url: string) => {
  const call = fetchMock.mock.calls.find(([called, init]) => called === url && init?.method === "POST");
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

describe("the agency's moves on an order", () => {
  it("cancels with a refund of what was paid once the red dialog is confirmed with the refund ticked", async () => {
    const order = paidOrder();
    const fetchMock = serve(() => jsonResponse({ ...order, state: "cancelled" }));
    renderWithProviders(<AdminActions order={order} />);
    fireEvent.click(screen.getByRole("button", { name: t.cancel }));

    expect(await screen.findByText(t.cancelledWithRefund)).toBeTruthy();
    expect(confirmWithOption).toHaveBeenCalledWith(
      expect.objectContaining({ destructive: true, option: t.refund("$49.00") }),
    );
    expect(posted(fetchMock, `${base(order._id)}/cancel`)).toEqual({ refund: true });
  });

  it("delivers with the note and the files stored for it", async () => {
    const order = paidOrder({ state: "in_progress" });
    const fetchMock = serve((url) =>
      url.endsWith("/files")
        ? jsonResponse({
            _id: "f-final",
            name: "final.pdf",
            size: 4,
            contentType: "application/pdf",
            createdAt: "2026-11-24T10:00:00.000Z",
            url: "/api/files/f-final",
          })
        : jsonResponse({ ...order, state: "delivered" }),
    );
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
      expect(posted(fetchMock, `${base(order._id)}/state`)).toEqual({
        state: "delivered",
        note: "Final version",
        fileIds: ["f-final"],
      }),
    );
  });
});
