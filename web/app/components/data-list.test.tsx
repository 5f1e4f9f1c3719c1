import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { stubScreenWidth } from "../test/browser-apis";
import { type DataColumn, DataList } from "./data-list";

type Order = { id: string; plan: string; note: string };

const orders: Order[] = [
  { id: "o1", plan: "Premium", note: "Call before noon, please." },
  { id: "o2", plan: "Standard", note: "No calls." },
];

function renderList(onDelete: (order: Order) => void) {
  const columns: DataColumn<Order>[] = [
    { header: "Plan", cell: (order) => order.plan },
    { header: "Note", cell: (order) => order.note, long: true },
    {
      header: "Action",
      cell: (order) => (
        <button type="button" onClick={() => onDelete(order)}>
          Delete
        </button>
      ),
    },
  ];
  return render(
    <>
      <h1 id="orders-heading">Orders</h1>
      <DataList
        labelledBy="orders-heading"
        columns={columns}
        rows={orders}
        rowKey={(order) => order.id}
        rowData={(order) => ({ "data-order-id": order.id })}
      />
    </>,
  );
}

describe("dashboard lists", () => {
  it("are tables on a wide screen: one heading per column, one row per record, its actions in it", () => {
    stubScreenWidth(1280);
    const onDelete = vi.fn();
    renderList(onDelete);

    const table = screen.getByRole("table", { name: "Orders" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Plan", "Note", "Action"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => row.getAttribute("data-order-id"))).toEqual(["o1", "o2"]);
    expect(within(rows[0] as HTMLElement).getAllByRole("cell")[1]?.textContent).toBe(
      "Call before noon, please.",
    );
    fireEvent.click(within(rows[1] as HTMLElement).getByRole("button", { name: "Delete" }));
    expect(onDelete).toHaveBeenCalledWith(orders[1]);
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("are stacked cards on a phone: each field labelled, the actions in each card", () => {
    stubScreenWidth(390);
    const onDelete = vi.fn();
    renderList(onDelete);

    expect(screen.queryByRole("table")).toBeNull();
    const cards = within(screen.getByRole("list", { name: "Orders" })).getAllByRole("listitem");
    expect(cards.map((card) => card.getAttribute("data-order-id"))).toEqual(["o1", "o2"]);
    const first = cards[0] as HTMLElement;
    expect(
      within(first)
        .getAllByRole("term")
        .map((term) => term.textContent),
    ).toEqual(["Plan", "Note", "Action"]);
    expect(within(first).getAllByRole("definition")[0]?.textContent).toBe("Premium");
    fireEvent.click(within(first).getByRole("button", { name: "Delete" }));
    expect(onDelete).toHaveBeenCalledWith(orders[0]);
  });
});
