import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { workflowActions as t } from "../../../lib/messages";
import { renderWithProviders } from "../../../test/render-with-providers";
import { paidOrder } from "../test/order-fixture";
import { CustomerActions } from "./customer-actions";

describe("the customer's answer to a delivery", () => {
  it("offers Approve and Request changes to a client role that approves", () => {
    renderWithProviders(<CustomerActions order={paidOrder({ state: "delivered" })} />);
    expect(screen.getByRole("button", { name: t.approve })).toBeTruthy();
    expect(screen.getByRole("button", { name: t.requestChanges })).toBeTruthy();
  });

  it("tells a colleague whose role does not approve who does, without the buttons", () => {
    renderWithProviders(<CustomerActions order={paidOrder({ state: "delivered" })} canApprove={false} />);
    expect(screen.getByText(t.deliveredForApprovers)).toBeTruthy();
    expect(screen.queryByRole("button", { name: t.approve })).toBeNull();
    expect(screen.queryByRole("button", { name: t.requestChanges })).toBeNull();
  });
});
