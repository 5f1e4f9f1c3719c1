import { CANCEL_REASON_MAX_LENGTH, type Order, type Subscription } from "@agency/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { formatDate } from "../../lib/dates";
import { orderDetail, orderMessages, subscriptionTexts as t } from "../../lib/messages";
import { stubScreenWidth } from "../../test/browser-apis";
import { fakeApi } from "../../test/fake-api";
import { renderWithProviders } from "../../test/render-with-providers";
import { MyOrdersTable } from "./my-orders-table";

vi.mock("../../lib/alerts", () => ({ confirmAction: vi.fn(async () => true) }));

const periodEnd = "2026-12-23T10:00:00.000Z";

function subscription(overrides: Partial<Subscription>): Subscription {
  return {
    _id: crypto.randomUUID(),
    orderId: "o1",
    status: "active",
    interval: "monthly",
    currentPeriodStart: "2026-11-23T10:00:00.000Z",
    currentPeriodEnd: periodEnd,
    nextAttemptAt: null,
    endedAt: null,
    lastError: null,
    card: { brand: "visa", last4: "4242" },
    ...overrides,
  };
}

function paidOrder(sub: Subscription | null): Order {
  return {
    _id: crypto.randomUUID(),
    number: 1001,
    email: "ada@example.com",
    name: "Ada",
    service: "Standard",
    serviceId: "p1",
    serviceDuration: "monthly",
    currentPrice: 49,
    currency: "usd",
    currentDate: "2026-11-23T09:00:00.000Z",
    phone: "0123456789",
    paid: true,
    transactionId: "pi_test_1",
    paymentTime: "2026-11-23T10:00:00.000Z",
    subscription: sub,
    state: "submitted",
    period: { number: 1, startedAt: "2026-11-23T10:00:00.000Z" },
  };
}

function show(orders: Order[], unread?: Record<string, number>) {
  stubScreenWidth(1280);
  return renderWithProviders(
    <MemoryRouter>
      <MyOrdersTable orders={orders} labelledBy="orders-heading" unread={unread} />
    </MemoryRouter>,
  );
}

/** The Status cell's words, as one line. */
const statusLine = (row: HTMLElement) =>
  (within(row).getAllByRole("cell")[5]?.textContent ?? "").replace(/\s+/g, " ").trim();

describe("My Orders' status line", () => {
  it("says the payment is done and the work has not started, and never 'Started' before it has", () => {
    fakeApi();
    show([paidOrder(null)]);
    const [, row] = screen.getAllByRole("row");
    if (!row) throw new Error("row missing");
    expect(statusLine(row)).toBe("Payment Done · Work Not started");
    expect(within(row).queryByText(orderMessages.started)).toBeNull();
    expect(within(row).queryByText("Submitted")).toBeNull();
  });

  it("says 'Started' once the agency works on the order", () => {
    fakeApi();
    show([{ ...paidOrder(null), state: "in_progress" }]);
    const [, row] = screen.getAllByRole("row");
    if (!row) throw new Error("row missing");
    expect(statusLine(row)).toBe("Payment Done · Work In progress");
    expect(within(row).getByText(orderMessages.started)).toBeTruthy();
  });

  it("says which work period a renewed order is in, and nothing of periods before the first renewal", () => {
    fakeApi();
    show([
      { ...paidOrder(null), number: 1002, period: { number: 2, startedAt: "2026-12-01T10:00:00.000Z" } },
      { ...paidOrder(null), number: 1001 },
    ]);
    const [, renewed, first] = screen.getAllByRole("row");
    if (!renewed || !first) throw new Error("rows missing");
    expect(statusLine(renewed)).toBe("Payment Done · Work Not started · Period 2 · since Dec 1, 2026");
    expect(statusLine(first)).toBe("Payment Done · Work Not started");
  });

  it("keeps the spec's Pending alone for an unpaid order", () => {
    fakeApi();
    show([{ ...paidOrder(null), paid: false, state: null }]);
    const [, row] = screen.getAllByRole("row");
    if (!row) throw new Error("row missing");
    expect(statusLine(row)).toBe(orderMessages.pending);
  });
});

describe("My Orders with subscriptions", () => {
  it("keeps the spec's words for a paid order and shows when its plan renews, with Cancel", async () => {
    const active = subscription({});
    const api = fakeApi({ "POST /api/subscriptions/:id/cancel": { ...active, status: "canceled" } });
    show([paidOrder(active)]);
    const row = screen.getByRole("row", { name: /Standard/ });
    expect(within(row).getByText(orderMessages.done)).toBeTruthy();
    expect(within(row).getByText(orderMessages.paid)).toBeTruthy();
    expect(within(row).getByText(t.renewsOn(formatDate(periodEnd)))).toBeTruthy();

    fireEvent.click(within(row).getByRole("button", { name: t.cancel }));
    const dialog = await screen.findByRole("dialog", { name: t.cancelQuestion("Standard") });
    fireEvent.change(within(dialog).getByLabelText(t.reasonLabel), {
      target: { value: "  Too expensive for us right now.  " },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: t.cancelConfirm }));
    await waitFor(() => expect(api.callsTo("POST /api/subscriptions/:id/cancel")).not.toHaveLength(0));
    const [call] = api.callsTo("POST /api/subscriptions/:id/cancel");
    expect(call?.url).toContain(`/api/subscriptions/${active._id}/cancel`);
    expect(call?.method).toBe("POST");
    expect(call?.body).toEqual({ reason: "Too expensive for us right now." });
    expect(await screen.findByText(t.cancelled)).toBeTruthy();
  });

  it("asks with buttons that say what they do, and keeps the plan without asking the server", async () => {
    const api = fakeApi();
    show([paidOrder(subscription({}))]);
    const cancel = screen.getByRole("button", { name: t.cancel });
    fireEvent.click(cancel);
    const dialog = await screen.findByRole("dialog", { name: t.cancelQuestion("Standard") });
    const reason = within(dialog).getByLabelText(t.reasonLabel);
    expect(reason.getAttribute("maxlength")).toBe(String(CANCEL_REASON_MAX_LENGTH));
    fireEvent.change(reason, { target: { value: "abc" } });
    expect(within(dialog).getByText(t.reasonHelp(CANCEL_REASON_MAX_LENGTH - 3))).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: t.cancelConfirm })).toBeTruthy();
    expect(within(dialog).queryByRole("button", { name: "Cancel" })).toBeNull();

    fireEvent.click(within(dialog).getAllByRole("button", { name: t.keepPlan }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // The page asked only which client role the customer holds.
    expect(api.calls.map((call) => call.path)).toEqual(["/api/company"]);
    expect(screen.getByText(t.renewsOn(formatDate(periodEnd)))).toBeTruthy();
  });

  it("shows a cancelled plan's end with Resume, a past-due one's Update card, and an ended one without actions", () => {
    show([
      paidOrder(subscription({ status: "canceled" })),
      paidOrder(subscription({ status: "past_due", nextAttemptAt: "2026-12-24T10:00:00.000Z" })),
      paidOrder(subscription({ status: "ended" })),
    ]);
    const [, cancelled, pastDue, ended] = screen.getAllByRole("row");
    if (!cancelled || !pastDue || !ended) throw new Error("rows missing");
    expect(within(cancelled).getByText(t.endsOn(formatDate(periodEnd)))).toBeTruthy();
    expect(within(cancelled).getByRole("button", { name: t.resume })).toBeTruthy();
    expect(within(cancelled).queryByRole("button", { name: t.cancel })).toBeNull();

    expect(within(pastDue).getByTestId("subscription-state").textContent).toContain(t.pastDue);
    expect(within(pastDue).getByRole("link", { name: t.updateCard }).getAttribute("href")).toMatch(
      /^\/dashboard\/subscription\/.+\/card$/,
    );

    expect(within(ended).getByText(t.ended)).toBeTruthy();
    expect(within(ended).queryAllByRole("button")).toHaveLength(0);
  });

  it("shows a paid order's progress beside the spec's words and opens the order from its number", () => {
    fakeApi();
    const delivered = { ...paidOrder(null), state: "delivered" as const };
    const unpaid = { ...paidOrder(null), _id: crypto.randomUUID(), number: 1002, paid: false, state: null };
    show([delivered, unpaid], { [delivered._id]: 2 });
    const [, paidRow, unpaidRow] = screen.getAllByRole("row");
    if (!paidRow || !unpaidRow) throw new Error("rows missing");

    expect(within(paidRow).getByText(orderMessages.done)).toBeTruthy();
    expect(within(paidRow).getByText(orderMessages.started)).toBeTruthy();
    expect(within(paidRow).getByText("Delivered")).toBeTruthy();
    const open = within(paidRow).getByRole("link", { name: orderDetail.openLabel("#1001") });
    expect(open.getAttribute("href")).toBe(`/dashboard/my-orders/${delivered._id}`);
    expect(within(paidRow).getByText(orderDetail.unread(2))).toBeTruthy();

    expect(within(unpaidRow).getByText(orderMessages.pending)).toBeTruthy();
    expect(within(unpaidRow).queryByText("Submitted")).toBeNull();
    expect(within(unpaidRow).queryByText(/unread/)).toBeNull();
  });
});

describe("My Orders for a colleague whose client role does not pay", () => {
  const company = (yourRole: "member" | "billing") => ({
    id: "c1",
    name: "Acme",
    address: "",
    vatId: null,
    billingEmail: "books@acme.example",
    detailsGiven: true,
    people: [{ id: "u1", name: "Ada", email: "ada@example.com", role: yourRole }],
    yourRole,
  });

  it("shows an unpaid order without Pay Now or Delete, and a plan without its actions", async () => {
    fakeApi({ "GET /api/company": company("member") });
    const unpaid = { ...paidOrder(null), _id: crypto.randomUUID(), number: 1002, paid: false, state: null };
    show([paidOrder(subscription({})), unpaid]);
    const [, paidRow, unpaidRow] = screen.getAllByRole("row");
    if (!paidRow || !unpaidRow) throw new Error("rows missing");
    expect(await within(unpaidRow).findByText(orderMessages.notPaidYet)).toBeTruthy();
    expect(within(unpaidRow).queryByRole("link", { name: orderMessages.payNow })).toBeNull();
    expect(within(unpaidRow).queryByRole("button", { name: orderMessages.delete })).toBeNull();
    expect(within(paidRow).queryByRole("button", { name: t.cancel })).toBeNull();
  });

  it("shows Pay Now to the company's Billing people", async () => {
    const api = fakeApi({ "GET /api/company": company("billing") });
    show([{ ...paidOrder(null), paid: false, state: null }]);
    await waitFor(() => expect(api.callsTo("GET /api/company")).toHaveLength(1));
    expect(await screen.findByRole("link", { name: orderMessages.payNow })).toBeTruthy();
    expect(screen.queryByText(orderMessages.notPaidYet)).toBeNull();
  });
});
