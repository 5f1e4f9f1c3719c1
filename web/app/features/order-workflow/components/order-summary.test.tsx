import type { Subscription } from "@agency/contract";
import { screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { formatDate } from "../../../lib/dates";
import { orderDetail as t } from "../../../lib/messages";
import { renderWithProviders } from "../../../test/render-with-providers";
import { paidOrder } from "../test/order-fixture";
import { OrderSummary } from "./order-summary";

const cancelledAt = "2026-12-01T08:30:00.000Z";

function cancelledPlan(reason: string | null): Subscription {
  return {
    _id: "sub-1",
    orderId: "6f1c2a3b-0000-4000-8000-000000000001",
    status: "canceled",
    interval: "monthly",
    currentPeriodStart: "2026-11-23T10:00:00.000Z",
    currentPeriodEnd: "2026-12-23T10:00:00.000Z",
    nextAttemptAt: null,
    endedAt: null,
    lastError: null,
    card: null,
    cancellation: { at: cancelledAt, reason },
  };
}

function show(reason: string | null, audience: "admin" | "customer") {
  renderWithProviders(
    <MemoryRouter>
      <OrderSummary order={paidOrder({ subscription: cancelledPlan(reason) })} audience={audience} />
    </MemoryRouter>,
  );
}

describe("an order's summary after its plan was cancelled", () => {
  it("shows the agency when the customer cancelled and the reason they gave", () => {
    show("We found a cheaper agency.", "admin");
    expect(screen.getByText(t.planCancelled)).toBeTruthy();
    expect(screen.getByText(t.cancelledOn(formatDate(cancelledAt)))).toBeTruthy();
    expect(screen.getByTestId("cancel-reason").textContent).toBe(
      t.cancelReason("We found a cheaper agency."),
    );
  });

  it("says so when no reason was given", () => {
    show(null, "admin");
    expect(screen.getByTestId("cancel-reason").textContent).toBe(t.noCancelReason);
  });
});

describe("an unpaid order's summary for its customer", () => {
  const unpaid = () => paidOrder({ paid: false, paymentTime: null, state: null, subscription: null });

  it("offers Pay Now to a client role that pays, and not to one that does not", () => {
    const { unmount } = renderWithProviders(
      <MemoryRouter>
        <OrderSummary order={unpaid()} audience="customer" />
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: t.payNow })).toBeTruthy();
    unmount();
    renderWithProviders(
      <MemoryRouter>
        <OrderSummary order={unpaid()} audience="customer" canPay={false} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole("link", { name: t.payNow })).toBeNull();
    expect(screen.getByText(t.notPaid)).toBeTruthy();
  });
});
