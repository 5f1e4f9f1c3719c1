import type { Board, BoardCard, BoardColumnState } from "@agency/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { paidOrder } from "../../features/order-workflow/test/order-fixture";
import { confirmAction } from "../../lib/alerts";
import { formatDate } from "../../lib/dates";
import { boardPage as t, workflowActions } from "../../lib/messages";
import { apiFailure, type FakeRoutes, fakeApi, inTurn } from "../../test/fake-api";
import { standardMonthly } from "../../test/pricing-fixture";
import { renderWithProviders } from "../../test/render-with-providers";
import BoardPage from "./board";

vi.mock("../../lib/alerts", () => ({ confirmAction: vi.fn(async () => true) }));

const id = (n: number) => `6f1c2a3b-0000-4000-8000-00000000${String(n).padStart(4, "0")}`;

function card(number: number, overrides: Partial<BoardCard> = {}): BoardCard {
  return {
    _id: id(number),
    number,
    state: "submitted",
    customer: `Customer ${number}`,
    company: null,
    plan: { id: standardMonthly._id, service: "Standard", duration: "monthly" },
    assignee: null,
    dueAt: "2030-01-10T12:00:00.000Z",
    overdue: false,
    unread: 0,
    period: 1,
    completedAt: null,
    ...overrides,
  };
}

const urgent = card(1001, {
  assignee: { id: "sam", name: "Sam Staff" },
  dueAt: "2026-11-20T12:00:00.000Z",
  overdue: true,
  unread: 2,
  period: 2,
});
const working = card(1002, {
  state: "in_progress",
  company: { id: "6f1c2a3b-0000-4000-8000-00000000c0de", name: "Acme Widgets Ltd" },
});
const delivered = card(1003, { state: "delivered", dueAt: null });
const done = card(1004, { state: "complete", completedAt: "2026-11-24T12:00:00.000Z" });

function boardOf(cards: BoardCard[], more: Partial<Record<BoardColumnState, number>> = {}): Board {
  const states: BoardColumnState[] = ["submitted", "in_progress", "delivered", "complete"];
  return {
    columns: states.map((state) => {
      const inColumn = cards.filter((each) => each.state === state);
      return { state, cards: inColumn, total: { count: more[state] ?? inColumn.length, more: false } };
    }),
    members: [
      { id: "olga", name: "Olga Owner" },
      { id: "sam", name: "Sam Staff" },
    ],
    onlyAssigned: false,
  };
}

const initial = boardOf([urgent, working, delivered, done], { submitted: 240 });
const movedOn = boardOf([{ ...urgent, state: "in_progress" }, working, delivered, done]);

function stubServer(board: FakeRoutes["GET /api/admin/board"] = initial) {
  return fakeApi({
    "GET /api/admin/board": board,
    "GET /api/pricing": [standardMonthly],
    "POST /api/admin/orders/:id/state": ({ params, body }) =>
      paidOrder({ _id: params.id, state: (body as { state: "in_progress" | "delivered" }).state }),
  });
}

function renderBoard(url = "/dashboard/admin/board") {
  window.history.replaceState(null, "", url);
  return renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <BoardPage />
    </MemoryRouter>,
  );
}

const column = (state: BoardColumnState) =>
  screen.getByRole("region", { name: new RegExp(`^${t.columns[state]}\\s?,`) });
const cardIn = (state: BoardColumnState, number: number) =>
  within(column(state)).queryByRole("article", { name: new RegExp(`^#${number} `) });

beforeEach(() => {
  vi.mocked(confirmAction).mockClear();
});
afterEach(() => {
  window.history.replaceState(null, "", "/");
});

describe("the work board", () => {
  it("shows each column with its count and cards: customer, plan, assignee, due date, overdue, unread, period", async () => {
    stubServer();
    renderBoard();
    await screen.findByRole("heading", { name: t.heading, level: 1 });
    expect(
      (await screen.findAllByRole("heading", { level: 2 })).map((heading) => heading.textContent),
    ).toEqual([
      `${t.columns.submitted}240, ${t.count("240")}`,
      `${t.columns.in_progress}1, ${t.count("1")}`,
      `${t.columns.delivered}1, ${t.count("1")}`,
      `${t.columns.complete}1, ${t.count("1")}`,
    ]);
    const first = cardIn("submitted", 1001);
    if (!first) throw new Error("no card");
    const inCard = within(first);
    inCard.getByText("Customer 1001");
    inCard.getByText(t.assignedTo("Sam Staff"));
    inCard.getByText("Period 2");
    inCard.getByText("2 unread messages");
    const due = inCard.getByText(`${t.due(formatDate(urgent.dueAt ?? ""))} · ${t.overdue}`);
    expect(due.className).toContain("text-danger");
    expect(inCard.getByRole("link", { name: "Open order #1001" }).getAttribute("href")).toBe(
      `/dashboard/admin/orders/${urgent._id}`,
    );
    // A company's order: the company first, then the person; a team member's own, the person only.
    const company = cardIn("in_progress", 1002) as HTMLElement;
    expect([...company.querySelectorAll("p.fw-semibold")].map((line) => line.textContent)).toEqual([
      "Acme Widgets Ltd",
      "Customer 1002",
    ]);
    expect(inCard.queryByText("Acme Widgets Ltd")).toBeNull();
    // Not overdue: not red; no due date said so; complete cards say when, and have nowhere to go.
    expect(
      within(column("in_progress")).getByText(t.due(formatDate(working.dueAt ?? ""))).className,
    ).not.toContain("text-danger");
    within(column("delivered")).getByText(t.noDueDate);
    within(column("delivered")).getByText(t.nobody);
    const complete = cardIn("complete", 1004);
    within(complete as HTMLElement).getByText(t.completed(formatDate(done.completedAt ?? "")));
    expect(within(complete as HTMLElement).queryByRole("button")).toBeNull();
    // The column holds more than it shows.
    within(column("submitted")).getByText(t.shown(1, "240"));
  });

  it("moves a card from the keyboard: only the allowed next states, confirmed, announced, and the focus follows it", async () => {
    const api = stubServer(inTurn(initial, movedOn));
    renderBoard();
    const move = await screen.findByRole("button", { name: "Move order #1001 to…" });
    move.focus();
    fireEvent.click(move);
    const options = screen.getByRole("list", { name: t.moveOptions("#1001") });
    // Submitted goes on to in progress only.
    expect(
      within(options)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual([t.columns.in_progress]);
    expect(document.activeElement).toBe(within(options).getByRole("button", { name: t.columns.in_progress }));
    // Escape closes the choices and gives the focus back.
    fireEvent.keyDown(document.activeElement as Element, { key: "Escape" });
    expect(screen.queryByRole("list", { name: t.moveOptions("#1001") })).toBeNull();
    expect(document.activeElement).toBe(move);

    fireEvent.click(move);
    fireEvent.click(screen.getByRole("button", { name: t.columns.in_progress }));

    expect(await screen.findByText(t.moved("#1001", t.columns.in_progress))).toBeTruthy();
    expect(confirmAction).toHaveBeenCalledWith(
      expect.objectContaining({
        title: workflowActions.startQuestion("#1001"),
        confirmText: workflowActions.start,
      }),
    );
    expect(
      api.callsTo("POST /api/admin/orders/:id/state").map((call) => [call.params.id, call.body]),
    ).toEqual([[urgent._id, { state: "in_progress" }]]);
    await waitFor(() => expect(cardIn("in_progress", 1001)).not.toBeNull());
    expect(cardIn("submitted", 1001)).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "Move order #1001 to…" })),
    );
    // From in progress, the next step is a delivery; a delivery can be reopened.
    fireEvent.click(screen.getByRole("button", { name: "Move order #1001 to…" }));
    expect(
      within(screen.getByRole("list", { name: t.moveOptions("#1001") }))
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual([t.columns.delivered]);
    fireEvent.click(screen.getByRole("button", { name: "Move order #1003 to…" }));
    expect(
      within(screen.getByRole("list", { name: t.moveOptions("#1003") }))
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual([t.columns.in_progress]);
  });

  it("leaves the card where it was when the move is not confirmed, or when the server refuses it", async () => {
    const api = stubServer();
    renderBoard();
    fireEvent.click(await screen.findByRole("button", { name: "Move order #1002 to…" }));
    vi.mocked(confirmAction).mockResolvedValueOnce(false);
    fireEvent.click(screen.getByRole("button", { name: t.columns.delivered }));
    await waitFor(() => expect(confirmAction).toHaveBeenCalledTimes(1));
    expect(api.callsTo("POST /api/admin/orders/:id/state")).toEqual([]);

    api.answer(
      "POST /api/admin/orders/:id/state",
      apiFailure(409, "conflict", "This order cannot move to that state now."),
    );
    fireEvent.click(screen.getByRole("button", { name: "Move order #1002 to…" }));
    fireEvent.click(screen.getByRole("button", { name: t.columns.delivered }));
    expect(
      await screen.findByText(t.notMoved("#1002", "This order cannot move to that state now."), {
        selector: "[role=status]",
      }),
    ).toBeTruthy();
    await waitFor(() => expect(cardIn("in_progress", 1002)).not.toBeNull());
    expect(cardIn("delivered", 1002)).toBeNull();
  });

  it("takes a dragged card only in a column it may move to", async () => {
    const api = stubServer(inTurn(initial, movedOn));
    renderBoard();
    const dragged = (await screen.findAllByRole("article", { name: /^#1001 / }))[0] as HTMLElement;
    const dataTransfer = { setData: vi.fn(), dropEffect: "none", effectAllowed: "none" };
    fireEvent.dragStart(dragged, { dataTransfer });
    expect(column("in_progress").className).toContain("is-drop-target");
    expect(column("delivered").className).not.toContain("is-drop-target");
    // A drop where the card may not go does nothing.
    fireEvent.drop(column("delivered"), { dataTransfer });
    expect(api.callsTo("POST /api/admin/orders/:id/state")).toEqual([]);
    fireEvent.dragOver(column("in_progress"), { dataTransfer });
    fireEvent.drop(column("in_progress"), { dataTransfer });
    expect(await screen.findByText(t.moved("#1001", t.columns.in_progress))).toBeTruthy();
    expect(api.bodies("POST /api/admin/orders/:id/state")).toEqual([{ state: "in_progress" }]);
    await waitFor(() => expect(cardIn("in_progress", 1001)).not.toBeNull());
  });

  it("narrows to an assignee and a plan, kept in the address", async () => {
    const api = stubServer();
    renderBoard("/dashboard/admin/board?plan=m-standard");
    const assignee = await screen.findByLabelText(t.assignee);
    await waitFor(() =>
      expect((screen.getByLabelText(t.plan) as HTMLSelectElement).value).toBe("m-standard"),
    );
    expect(
      within(assignee)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual([t.everyone, t.me, t.unassigned, "Olga Owner", "Sam Staff"]);
    fireEvent.change(assignee, { target: { value: "none" } });
    await waitFor(() =>
      expect(
        api
          .urls("GET")
          .filter((url) => url.startsWith("/api/admin/board"))
          .at(-1),
      ).toBe("/api/admin/board?assignee=none&plan=m-standard"),
    );
    expect(new URLSearchParams(window.location.search).get("assignee")).toBe("none");
  });

  it("tells a member who sees only their own orders so, without an assignee to choose", async () => {
    stubServer({ ...initial, members: [], onlyAssigned: true });
    renderBoard();
    await screen.findByText(t.onlyAssigned);
    expect(screen.queryByLabelText(t.assignee)).toBeNull();
  });
});
