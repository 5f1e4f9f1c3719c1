import type { AdminCompanyDetail, CompanyInvitation } from "@agency/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { companyDetailPage as t } from "../../lib/messages/admin-companies";
import { stubScreenWidth } from "../../test/browser-apis";
import { fakeApi } from "../../test/fake-api";
import { renderWithProviders } from "../../test/render-with-providers";
import CompanyDetailPage from "./company-detail";

const companyId = "6f1c2a3b-0000-4000-8000-00000000c0de";
const orderId = "6f1c2a3b-0000-4000-8000-00000000a001";

function detail(overrides: Partial<AdminCompanyDetail> = {}): AdminCompanyDetail {
  return {
    id: companyId,
    name: "Acme Widgets Ltd",
    address: "1 Main St\nSpringfield",
    vatId: "GB123456789",
    billingEmail: "accounts@acme.example",
    detailsGiven: true,
    createdAt: "2026-01-05T10:00:00.000Z",
    people: [
      { id: "u1", name: "Cleo Chief", email: "cleo@acme.example", role: "admin" },
      { id: "u2", name: "Bea Books", email: "bea@acme.example", role: "billing" },
    ],
    orders: [
      {
        _id: orderId,
        number: 1042,
        name: "Cleo Chief",
        service: "Standard",
        state: "in_progress",
        paid: true,
        createdAt: "2026-11-02T10:00:00.000Z",
        currency: "usd",
        price: 49,
      },
    ],
    moreOrders: false,
    openDocuments: [
      {
        _id: "d1",
        kind: "invoice",
        number: "I-2026-0007",
        state: "overdue",
        email: "bea@acme.example",
        currency: "usd",
        total: 1200,
        sentAt: "2026-10-01T10:00:00.000Z",
        dueDate: "2026-10-31",
        validUntil: null,
      },
    ],
    revenue: [{ currency: "usd", amount: 1234.5 }],
    ...overrides,
  };
}

const invitation: CompanyInvitation = {
  id: "i1",
  email: "new@acme.example",
  role: "approver",
  invitedBy: "Ada Admin",
  sentAt: "2026-11-01T00:00:00.000Z",
  expiresAt: "2026-11-08T00:00:00.000Z",
  expired: false,
};

/** A section of the page (its list, on a wide screen, is a region of the same name inside it). */
const region = (name: string) => screen.getAllByRole("region", { name })[0] as HTMLElement;

function show() {
  return renderWithProviders(
    <MemoryRouter initialEntries={[`/dashboard/admin/companies/${companyId}`]}>
      <Routes>
        <Route path="/dashboard/admin/companies/:id" element={<CompanyDetailPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("a company's page for the agency", () => {
  it("shows the details, revenue, people, latest orders with the way to all of them, and open documents", async () => {
    stubScreenWidth(1280);
    fakeApi({ "GET /api/admin/companies/:id": detail() });
    show();
    expect(await screen.findByRole("heading", { name: "Acme Widgets Ltd", level: 1 })).toBeTruthy();
    expect(screen.getByText("GB123456789")).toBeTruthy();
    expect(screen.getByRole("heading", { name: t.revenueHeading })).toBeTruthy();
    expect(screen.getByText("$1,234.50")).toBeTruthy();
    const people = region(t.peopleHeading);
    expect(within(people).getByText("bea@acme.example")).toBeTruthy();
    expect(within(people).getByText("Billing")).toBeTruthy();
    const orders = region(t.ordersHeading);
    expect(within(orders).getByRole("link", { name: "#1042" }).getAttribute("href")).toBe(
      `/dashboard/admin/orders/${orderId}`,
    );
    expect(within(orders).getByText("$49.00")).toBeTruthy();
    expect(screen.getByRole("link", { name: t.allOrders }).getAttribute("href")).toBe(
      `/dashboard/admin/all__orders?companyId=${companyId}`,
    );
    const documents = region(t.documentsHeading);
    expect(within(documents).getByText("Overdue")).toBeTruthy();
    expect(within(documents).getByRole("link", { name: "Invoice I-2026-0007" })).toBeTruthy();
  });

  it("leaves out revenue and prices the server did not send (a role that does not see money)", async () => {
    stubScreenWidth(1280);
    const { revenue: _revenue, ...withoutRevenue } = detail({
      orders: detail().orders.map(({ price: _price, ...order }) => order),
      openDocuments: detail().openDocuments.map(({ total: _total, ...doc }) => doc),
    });
    fakeApi({ "GET /api/admin/companies/:id": withoutRevenue });
    show();
    await screen.findByRole("heading", { name: "Acme Widgets Ltd", level: 1 });
    expect(screen.queryByRole("heading", { name: t.revenueHeading })).toBeNull();
    expect(screen.queryByRole("columnheader", { name: t.price })).toBeNull();
    expect(screen.queryByRole("columnheader", { name: t.total })).toBeNull();
  });

  it("adds a contact: checks the address, sends the invitation with the role chosen and says so", async () => {
    stubScreenWidth(390);
    const api = fakeApi({
      "GET /api/admin/companies/:id": detail(),
      "POST /api/admin/companies/:id/invitations": invitation,
    });
    show();
    await screen.findByRole("heading", { name: "Acme Widgets Ltd", level: 1 });
    expect(screen.queryByRole("table")).toBeNull();
    fireEvent.change(screen.getByLabelText(t.contactEmail), { target: { value: "not an address" } });
    fireEvent.click(screen.getByRole("button", { name: t.sendInvitation }));
    expect(await screen.findByText("Please enter a valid email address.")).toBeTruthy();
    expect(api.callsTo("POST /api/admin/companies/:id/invitations")).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(t.contactEmail), { target: { value: "new@acme.example" } });
    fireEvent.change(screen.getByLabelText(t.contactRole), { target: { value: "approver" } });
    fireEvent.click(screen.getByRole("button", { name: t.sendInvitation }));
    expect(await screen.findByText(t.invitationSent("new@acme.example"))).toBeTruthy();
    await waitFor(() =>
      expect(
        api.callsTo("POST /api/admin/companies/:id/invitations").map((call) => [call.path, call.body]),
      ).toEqual([
        [`/api/admin/companies/${companyId}/invitations`, { email: "new@acme.example", role: "approver" }],
      ]),
    );
  });

  it("says when the company cannot be loaded", async () => {
    stubScreenWidth(1280);
    fakeApi({
      "GET /api/admin/companies/:id": () =>
        new Response(
          JSON.stringify({ error: { code: "not_found", message: "The company was not found." } }),
          {
            status: 404,
            headers: { "content-type": "application/json" },
          },
        ),
    });
    show();
    expect(await screen.findByText(t.loadFailed, { exact: false })).toBeTruthy();
  });
});
