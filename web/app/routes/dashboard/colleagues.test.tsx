import { type Company, type CompanyInvitation, companyMessages } from "@agency/contract";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { confirmAction } from "../../lib/alerts";
import { colleaguesPage as t } from "../../lib/messages/companies";
import { apiFailure, fakeApi } from "../../test/fake-api";
import { renderWithProviders } from "../../test/render-with-providers";
import Colleagues from "./colleagues";

vi.mock("../../lib/alerts", () => ({ confirmAction: vi.fn(async () => true) }));

const session = {
  user: {
    id: "u1",
    name: "Cleo Chief",
    email: "cleo@acme.example",
    emailVerified: true,
    createdAt: "2026-01-01T00:00:00.000Z",
  },
  session: { id: "s1", expiresAt: "2030-01-01T00:00:00.000Z" },
};

const company = (overrides: Partial<Company> = {}): Company => ({
  id: "c1",
  name: "Cleo Chief",
  address: "",
  vatId: null,
  billingEmail: "cleo@acme.example",
  detailsGiven: false,
  people: [{ id: "u1", name: "Cleo Chief", email: "cleo@acme.example", role: "admin" }],
  yourRole: "admin",
  ...overrides,
});

const invitation: CompanyInvitation = {
  id: "i1",
  email: "books@acme.example",
  role: "billing",
  invitedBy: "Cleo Chief",
  sentAt: "2026-11-01T00:00:00.000Z",
  expiresAt: "2026-11-08T00:00:00.000Z",
  expired: false,
};

describe("the colleagues page", () => {
  it("lets a company of one's Admin invite a colleague, checking the address first; it does not speak of a company yet", async () => {
    const api = fakeApi({
      "GET /api/auth/get-session": session,
      "GET /api/company": company(),
      "GET /api/company/invitations": [],
      "POST /api/company/invitations": invitation,
    });
    renderWithProviders(<Colleagues />);
    expect(await screen.findByRole("heading", { name: t.heading, level: 1 })).toBeTruthy();
    expect(screen.getByText("cleo@acme.example")).toBeTruthy();

    const form = screen.getByRole("form", { name: t.inviteHeading });
    fireEvent.change(screen.getByLabelText(t.inviteEmail), { target: { value: "not an address" } });
    fireEvent.click(screen.getByRole("button", { name: t.sendInvitation }));
    expect(await screen.findByText("Please enter a valid email address.")).toBeTruthy();
    expect(api.callsTo("POST /api/company/invitations")).toEqual([]);

    fireEvent.change(screen.getByLabelText(t.inviteEmail), { target: { value: "books@acme.example" } });
    fireEvent.change(screen.getByLabelText(t.inviteRole), { target: { value: "billing" } });
    fireEvent.submit(form);
    expect(await screen.findByText(t.invitationSent("books@acme.example"))).toBeTruthy();
    expect(api.callsTo("POST /api/company/invitations").map((call) => call.body)).toEqual([
      { email: "books@acme.example", role: "billing" },
    ]);
  });

  it("shows the server's refusal of an invitation, and the open ones to send again or withdraw", async () => {
    const api = fakeApi({
      "GET /api/auth/get-session": session,
      "GET /api/company": company({ detailsGiven: true, name: "Acme Ltd" }),
      "GET /api/company/invitations": [invitation],
      "POST /api/company/invitations": apiFailure(
        409,
        "conflict",
        "This address already has an open invitation.",
        {
          email: "This address already has an open invitation.",
        },
      ),
      "POST /api/company/invitations/:id/resend": invitation,
      "DELETE /api/company/invitations/:id": { modifiedCount: 1 },
    });
    renderWithProviders(<Colleagues />);
    expect(await screen.findByRole("heading", { name: "Acme Ltd", level: 1 })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(t.inviteEmail), { target: { value: "books@acme.example" } });
    fireEvent.click(screen.getByRole("button", { name: t.sendInvitation }));
    expect(
      (await screen.findAllByText("This address already has an open invitation.")).length,
    ).toBeGreaterThan(0);

    fireEvent.click(await screen.findByRole("button", { name: t.sendAgain }));
    expect(await screen.findByText(t.sentAgain(invitation.email))).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: t.withdraw }));
    expect(await screen.findByText(t.withdrawn(invitation.email))).toBeTruthy();
    expect(api.callsTo("DELETE /api/company/invitations/:id").map((call) => call.url)).toEqual([
      "/api/company/invitations/i1",
    ]);
  });

  it("checks and saves the company's details", async () => {
    const api = fakeApi({
      "GET /api/auth/get-session": session,
      "GET /api/company": company(),
      "GET /api/company/invitations": [],
      "PUT /api/company": ({ body }) => company({ ...(body as Partial<Company>), detailsGiven: true }),
    });
    renderWithProviders(<Colleagues />);
    const name = (await screen.findByLabelText(t.companyName)) as HTMLInputElement;
    fireEvent.change(name, { target: { value: "  " } });
    fireEvent.click(screen.getByRole("button", { name: t.saveDetails }));
    expect(await screen.findByText("Please enter the company's name.")).toBeTruthy();
    expect(api.callsTo("PUT /api/company")).toEqual([]);

    fireEvent.change(name, { target: { value: "Acme Ltd" } });
    fireEvent.change(screen.getByLabelText(t.vatId), { target: { value: "DE123" } });
    fireEvent.click(screen.getByRole("button", { name: t.saveDetails }));
    expect(await screen.findByText(t.detailsSaved)).toBeTruthy();
    expect(api.callsTo("PUT /api/company").map((call) => call.body)).toEqual([
      { name: "Acme Ltd", address: "", vatId: "DE123", billingEmail: "cleo@acme.example" },
    ]);
    expect(await screen.findByRole("heading", { name: "Acme Ltd", level: 1 })).toBeTruthy();
  });

  it("shows a Member the people only, and someone in no company what makes one", async () => {
    fakeApi({
      "GET /api/auth/get-session": session,
      "GET /api/company": company({
        yourRole: "member",
        people: [
          { id: "u0", name: "Ada Admin", email: "ada@acme.example", role: "admin" },
          { id: "u1", name: "Cleo Chief", email: "cleo@acme.example", role: "member" },
        ],
        name: "Acme",
      }),
    });
    const { unmount } = renderWithProviders(<Colleagues />);
    expect(await screen.findByRole("heading", { name: "Acme", level: 1 })).toBeTruthy();
    expect(screen.getByText("Ada Admin")).toBeTruthy();
    expect(screen.queryByRole("combobox", { name: t.roleOf("Ada Admin") })).toBeNull();
    expect(screen.queryByRole("button", { name: `${t.remove} Ada Admin` })).toBeNull();
    expect(screen.queryByRole("form", { name: t.inviteHeading })).toBeNull();
    expect(screen.queryByRole("form", { name: t.detailsHeading })).toBeNull();
    unmount();

    fakeApi({
      "GET /api/auth/get-session": session,
      "GET /api/company": apiFailure(
        404,
        "not_found",
        "You are not in a company yet: your first order makes one.",
      ),
    });
    renderWithProviders(<Colleagues />);
    await waitFor(() => expect(screen.getByText(t.noCompanyYet)).toBeTruthy());
  });

  it("lets an Admin change a colleague's role and remove them after confirming, and shows the server's refusal", async () => {
    const people: Company["people"] = [
      { id: "u1", name: "Cleo Chief", email: "cleo@acme.example", role: "admin" },
      { id: "u2", name: "Max Member", email: "max@acme.example", role: "member" },
    ];
    const api = fakeApi({
      "GET /api/auth/get-session": session,
      "GET /api/company": company({ people, name: "Acme" }),
      "GET /api/company/invitations": [],
      "PATCH /api/company/people/:id": ({ params, body }) => {
        if (params.id === "u1") return apiFailure(409, "conflict", companyMessages.lastAdmin);
        const role = (body as { role: Company["yourRole"] }).role;
        return company({
          name: "Acme",
          people: people.map((each) => (each.id === "u2" ? { ...each, role } : each)),
        });
      },
      "DELETE /api/company/people/:id": { modifiedCount: 1 },
    });
    renderWithProviders(<Colleagues />);
    const role = (await screen.findByRole("combobox", { name: t.roleOf("Max Member") })) as HTMLSelectElement;
    expect([...role.options].map((option) => option.textContent)).toEqual([
      "Admin",
      "Approver",
      "Billing",
      "Member",
    ]);
    fireEvent.change(role, { target: { value: "billing" } });
    expect(await screen.findByText(t.roleChanged("Max Member", "Billing"))).toBeTruthy();
    expect(api.callsTo("PATCH /api/company/people/:id").map((call) => [call.url, call.body])).toEqual([
      ["/api/company/people/u2", { role: "billing" }],
    ]);

    // The last Admin steps down: the server refuses and says why.
    fireEvent.change(screen.getByRole("combobox", { name: t.roleOf("Cleo Chief") }), {
      target: { value: "member" },
    });
    expect(await screen.findByText(companyMessages.lastAdmin)).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: `${t.remove} Max Member` }));
    expect(await screen.findByText(t.removed("Max Member"))).toBeTruthy();
    expect(confirmAction).toHaveBeenCalledWith(
      expect.objectContaining({ title: t.removeQuestion("Max Member"), destructive: true }),
    );
    expect(api.callsTo("DELETE /api/company/people/:id").map((call) => call.url)).toEqual([
      "/api/company/people/u2",
    ]);
  });

  it("removes no one when the Admin does not confirm", async () => {
    vi.mocked(confirmAction).mockResolvedValueOnce(false);
    const api = fakeApi({
      "GET /api/auth/get-session": session,
      "GET /api/company": company({
        people: [
          { id: "u1", name: "Cleo Chief", email: "cleo@acme.example", role: "admin" },
          { id: "u2", name: "Max Member", email: "max@acme.example", role: "member" },
        ],
      }),
      "GET /api/company/invitations": [],
      "DELETE /api/company/people/:id": { modifiedCount: 1 },
    });
    renderWithProviders(<Colleagues />);
    fireEvent.click(await screen.findByRole("button", { name: `${t.remove} Max Member` }));
    await waitFor(() => expect(confirmAction).toHaveBeenCalled());
    expect(api.callsTo("DELETE /api/company/people/:id")).toEqual([]);
  });

  it("offers the company's Admin its data as a download, and a Member no such link", async () => {
    fakeApi({
      "GET /api/auth/get-session": session,
      "GET /api/company": company(),
      "GET /api/company/invitations": [],
    });
    const { unmount } = renderWithProviders(<Colleagues />);
    const download = await screen.findByRole("link", { name: t.exportData });
    expect(download.getAttribute("href")).toBe("/api/company/export");
    expect(download.hasAttribute("download")).toBe(true);
    unmount();

    fakeApi({
      "GET /api/auth/get-session": session,
      "GET /api/company": company({ yourRole: "member", name: "Acme" }),
    });
    renderWithProviders(<Colleagues />);
    expect(await screen.findByRole("heading", { name: t.heading, level: 1 })).toBeTruthy();
    expect(screen.queryByRole("link", { name: t.exportData })).toBeNull();
  });
});
