import { screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "../../../lib/dates";
import { refundForm, orderPaymentTexts as t } from "../../../lib/messages";
import { renderWithProviders } from "../../../test/render-with-providers";
import { paidOrder } from "../test/order-fixture";
import { OrderPayments } from "./order-payments";

const refundedAt = "2026-11-25T09:15:00.000Z";

function refundedOrder() {
  const order = paidOrder();
  const [payment] = order.payments ?? [];
  if (!payment) throw new Error("the fixture has no payment");
  return paidOrder({
    payments: [{ ...payment, receiptId: "r-paid", refunded: 9.5, refundable: 39.5 }],
    refunds: [
      {
        paymentId: "p-refund",
        refundOf: payment._id,
        amount: 9.5,
        refundedAt,
        reason: "The first post was late",
        receiptId: "r-credit",
      },
    ],
  });
}

describe("an order's payments", () => {
  it("shows the customer each refund under its payment, with its reason and credit note", () => {
    renderWithProviders(
      <MemoryRouter>
        <OrderPayments order={refundedOrder()} receiptLink={(id) => `/dashboard/receipts/${id}`} />
      </MemoryRouter>,
    );
    expect(screen.getByText(t.paidOn("$49.00", formatDate("2026-11-23T10:00:00.000Z")))).toBeTruthy();
    expect(screen.getByText(t.left("$9.50", "$39.50"))).toBeTruthy();
    expect(screen.getByText(t.refundLine("$9.50", formatDateTime(refundedAt)))).toBeTruthy();
    expect(screen.getByText(t.reason("The first post was late"))).toBeTruthy();
    expect(screen.getByRole("link", { name: t.creditNote }).getAttribute("href")).toBe(
      "/dashboard/receipts/r-credit",
    );
    expect(screen.getByRole("link", { name: t.receipt }).getAttribute("href")).toBe(
      "/dashboard/receipts/r-paid",
    );
    // The refund form is the agency's.
    expect(screen.queryByRole("button", { name: refundForm.submit })).toBeNull();
  });

  it("gives a role that may refund the refund form, with what is left filled in", () => {
    renderWithProviders(
      <MemoryRouter>
        <OrderPayments order={refundedOrder()} canRefund />
      </MemoryRouter>,
    );
    expect((screen.getByLabelText(refundForm.amount("$")) as HTMLInputElement).value).toBe("39.50");
    expect(screen.getByRole("button", { name: refundForm.submit })).toBeTruthy();
  });
});
