import type { OrderDetail } from "@agency/contract";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { assignmentTexts as t } from "../../../lib/messages";
import { type FakeApi, fakeApi } from "../../../test/fake-api";
import { renderWithProviders } from "../../../test/render-with-providers";
import { paidOrder } from "../test/order-fixture";
import { OrderDetailView } from "./order-detail-view";

const team = [
  { id: "m-ada", name: "Ada Admin", email: "ada@agency.example" },
  { id: "m-sam", name: "Sam Staff", email: "sam@agency.example" },
];

/** A server holding one order: the assignment calls change it and answer it as it is then. */
function stubServer(start: OrderDetail) {
  let current = start;
  const api = fakeApi({
    "GET /api/admin/orders/:id": () => current,
    "GET /api/order/:id/messages": { messages: [] },
    "GET /api/team/assignees": team,
    "PUT /api/admin/orders/:id/assignee": ({ body }) => {
      const { assigneeId } = body as { assigneeId: string | null };
      const member = team.find((candidate) => candidate.id === assigneeId);
      current = { ...current, assignee: member ? { id: member.id, name: member.name } : null };
      return current;
    },
    "PUT /api/admin/orders/:id/due": ({ body }) => {
      current = { ...current, dueAt: (body as { dueAt: string | null }).dueAt };
      return current;
    },
  });
  return api;
}

const show = (order: OrderDetail, canAssign: boolean) =>
  renderWithProviders(
    <MemoryRouter>
      <OrderDetailView orderId={order._id} audience="admin" canAssign={canAssign} />
    </MemoryRouter>,
  );

const sent = (api: FakeApi, route: "PUT /api/admin/orders/:id/assignee" | "PUT /api/admin/orders/:id/due") =>
  api.bodies(route);

describe("the order's assignee and due date", () => {
  it("assigns the order to a member of the team, and to nobody again", async () => {
    const order = paidOrder({ assignee: null, dueAt: null });
    const api = stubServer(order);
    show(order, true);
    const select = (await screen.findByLabelText(t.assignee)) as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    expect([...select.options].map((option) => option.text)).toEqual([
      t.nobodyOption,
      "Ada Admin",
      "Sam Staff",
    ]);

    fireEvent.change(select, { target: { value: "m-sam" } });
    expect(await screen.findByText(t.assigned("Sam Staff"))).toBeTruthy();
    await waitFor(() => expect(select.value).toBe("m-sam"));
    fireEvent.change(select, { target: { value: "" } });
    expect(await screen.findByText(t.unassigned)).toBeTruthy();
    expect(sent(api, "PUT /api/admin/orders/:id/assignee")).toEqual([
      { assigneeId: "m-sam" },
      { assigneeId: null },
    ]);
  });

  it("saves a due date from the reader's clock and clears it", async () => {
    const order = paidOrder({ assignee: null, dueAt: null });
    const api = stubServer(order);
    show(order, true);
    expect(await screen.findByText(t.noDue)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(t.dueInput), { target: { value: "2030-12-01T17:30" } });
    fireEvent.click(screen.getByRole("button", { name: t.saveDue }));
    expect(await screen.findByText(t.dueSaved)).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: t.clearDue }));
    expect(await screen.findByText(t.dueCleared)).toBeTruthy();
    expect(sent(api, "PUT /api/admin/orders/:id/due")).toEqual([
      { dueAt: new Date("2030-12-01T17:30").toISOString() },
      { dueAt: null },
    ]);
    expect((screen.getByLabelText(t.dueInput) as HTMLInputElement).value).toBe("");
  });

  it("shows a late order's date in red", async () => {
    const order = paidOrder({ state: "in_progress", dueAt: "2026-01-02T12:00:00.000Z" });
    stubServer(order);
    show(order, true);
    expect(await screen.findByText(`(${t.overdue})`)).toBeTruthy();
  });

  it("only shows them to a member whose role may not assign", async () => {
    const order = paidOrder({
      assignee: { id: "m-sam", name: "Sam Staff" },
      dueAt: "2030-12-01T17:30:00.000Z",
    });
    const api = stubServer(order);
    show(order, false);
    expect(await screen.findByText("Sam Staff")).toBeTruthy();
    expect(screen.queryByLabelText(t.assignee)).toBeNull();
    expect(screen.queryByRole("button", { name: t.saveDue })).toBeNull();
    expect(screen.queryByText(`(${t.overdue})`)).toBeNull();
    expect(api.callsTo("GET /api/team/assignees")).toEqual([]);
  });
});
