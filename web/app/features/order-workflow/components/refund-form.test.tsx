import { refundMessages } from "@agency/contract";
import { moneyInputMessages } from "@agency/contract/money-input";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { confirmAction } from "../../../lib/alerts";
import { refundForm as t } from "../../../lib/messages";
import { apiFailure, type FakeApi, fakeApi } from "../../../test/fake-api";
import { renderWithProviders } from "../../../test/render-with-providers";
import { paidOrder } from "../test/order-fixture";
import { RefundForm } from "./refund-form";

vi.mock("../../../lib/alerts", () => ({ confirmAction: vi.fn(async () => true) }));

const url = (id: string) => `/api/admin/orders/${id}/refunds`;
const sent = (api: FakeApi, id: string) =>
  api.calls.filter((call) => call.url === url(id) && call.method === "POST").map((call) => call.body);
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole("button", { name: t.submit }));

/** A monthly plan paid twice: the purchase ($49, $9 of it refunded) and its renewal ($49). */
function renewedOrder() {
  const order = paidOrder();
  const [first] = order.payments ?? [];
  if (!first) throw new Error("the fixture has no payment");
  return paidOrder({
    payments: [
      { ...first, _id: "6f1c2a3b-0000-4000-8000-0000000000b2", paidAt: "2026-12-23T10:00:00.000Z" },
      { ...first, refunded: 9, refundable: 40 },
    ],
  });
}

beforeEach(() => vi.mocked(confirmAction).mockClear());

describe("the refund form", () => {
  it("offers what is left of the latest payment, and says what is wrong before sending anything", async () => {
    const order = paidOrder();
    const api = fakeApi({ "POST /api/admin/orders/:id/refunds": order });
    renderWithProviders(<RefundForm order={order} />);
    expect((screen.getByLabelText(t.amount("$")) as HTMLInputElement).value).toBe("49.00");
    expect(screen.getByText(t.amountHelp("$49.00"))).toBeTruthy();

    type(t.amount("$"), "49.01");
    submit();
    expect(await screen.findByText(`${t.amount("$")} ${t.amountAtMost("$49.00")}`)).toBeTruthy();
    expect(screen.getByText(`${t.reason} ${refundMessages.reasonRequired}`)).toBeTruthy();

    type(t.amount("$"), "0");
    type(t.reason, "   ");
    submit();
    expect(await screen.findByText(`${t.amount("$")} ${refundMessages.amountPositive}`)).toBeTruthy();
    expect(screen.getByText(`${t.reason} ${refundMessages.reasonRequired}`)).toBeTruthy();

    type(t.amount("$"), "12.345");
    submit();
    expect(await screen.findByText(moneyInputMessages.decimals("USD", 2))).toBeTruthy();
    type(t.amount("$"), "");
    submit();
    expect(await screen.findByText(`${t.amount("$")} ${refundMessages.amountRequired}`)).toBeTruthy();

    expect(confirmAction).not.toHaveBeenCalled();
    expect(sent(api, order._id)).toEqual([]);
  });

  it("sends part of a payment with the reason once confirmed, saying the work goes on", async () => {
    const order = paidOrder();
    const [payment] = order.payments ?? [];
    const after = paidOrder({ payments: payment ? [{ ...payment, refunded: 12.5, refundable: 36.5 }] : [] });
    const api = fakeApi({ "POST /api/admin/orders/:id/refunds": after });
    renderWithProviders(<RefundForm order={order} />);
    type(t.amount("$"), "12.5");
    type(t.reason, " Late delivery ");
    submit();

    expect(await screen.findByText(t.done("$12.50"))).toBeTruthy();
    expect(confirmAction).toHaveBeenCalledWith(
      expect.objectContaining({ title: t.question("$12.50", "#1001"), text: t.partText, destructive: true }),
    );
    expect(sent(api, order._id)).toEqual([
      { paymentId: order.payments?.[0]?._id, amount: 12.5, reason: "Late delivery" },
    ]);
    // Ready for another: the reason emptied, the amount what is left now.
    await waitFor(() => expect((screen.getByLabelText(t.reason) as HTMLTextAreaElement).value).toBe(""));
    expect((screen.getByLabelText(t.amount("$")) as HTMLInputElement).value).toBe("36.50");
  });

  it("warns that all that is left of the latest payment cancels the order, and sends nothing when not confirmed", async () => {
    vi.mocked(confirmAction).mockResolvedValueOnce(false);
    const order = paidOrder();
    const api = fakeApi({ "POST /api/admin/orders/:id/refunds": order });
    renderWithProviders(<RefundForm order={order} />);
    type(t.reason, "Closing the account");
    submit();
    await waitFor(() =>
      expect(confirmAction).toHaveBeenCalledWith(expect.objectContaining({ text: t.allText })),
    );
    expect(sent(api, order._id)).toEqual([]);
  });

  it("fills in what is left of the payment chosen, and refunds an older one without cancelling", async () => {
    const order = renewedOrder();
    const api = fakeApi({ "POST /api/admin/orders/:id/refunds": order });
    renderWithProviders(<RefundForm order={order} />);
    expect((screen.getByLabelText(t.amount("$")) as HTMLInputElement).value).toBe("49.00");
    const older = order.payments?.[1]?._id ?? "";
    type(t.payment, older);
    expect((screen.getByLabelText(t.amount("$")) as HTMLInputElement).value).toBe("40.00");
    type(t.reason, "First month was short");
    submit();
    expect(await screen.findByText(t.done("$40.00"))).toBeTruthy();
    expect(confirmAction).toHaveBeenCalledWith(expect.objectContaining({ text: t.partText }));
    expect(sent(api, order._id)).toEqual([{ paymentId: older, amount: 40, reason: "First month was short" }]);
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    const order = paidOrder();
    const message = refundMessages.moreThanLeft("$30.00");
    fakeApi({ "POST /api/admin/orders/:id/refunds": apiFailure(409, "conflict", message) });
    renderWithProviders(<RefundForm order={order} />);
    type(t.amount("$"), "40");
    type(t.reason, "Goodwill");
    submit();
    expect(await screen.findByText(message)).toBeTruthy();
    expect((screen.getByLabelText(t.reason) as HTMLTextAreaElement).value).toBe("Goodwill");
  });
});
