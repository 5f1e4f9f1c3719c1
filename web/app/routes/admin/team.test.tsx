import { builtInRoles, isBuiltInRole, type Permission } from "@agency/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { teamInvitation, teamMember, teamRoles } from "../../features/team/test/team-fixtures";
import { confirmAction } from "../../lib/alerts";
import { teamPage as t } from "../../lib/messages";
import { stubScreenWidth } from "../../test/browser-apis";
import { apiFailure, fakeApi } from "../../test/fake-api";
import { renderWithProviders } from "../../test/render-with-providers";
import Team from "./team";

vi.mock("../../lib/alerts", () => ({ confirmAction: vi.fn(async () => true) }));

const owner = teamMember({
  id: "owner-1",
  name: "Olivia Owner",
  email: "olivia@example.com",
  role: "owner",
  roleName: "Owner",
});
const admin = teamMember({
  id: "admin-1",
  name: "Adam Admin",
  email: "adam@example.com",
  role: "admin",
  roleName: "Admin",
});
const staff = teamMember();
const away = teamMember({
  id: "member-2",
  name: "Sue Suspended",
  email: "sue@example.com",
  suspended: true,
  suspendedAt: "2026-11-21T09:30:00.000Z",
  lastSignInAt: null,
});

/** A member whose role only manages the team. */
const manager = teamMember({
  id: "manager-1",
  name: "Mia Manager",
  email: "mia@example.com",
  role: "3f1d7c2e-0000-4000-8000-0000000000e2",
  roleName: "Managers",
});

/** The server, with `viewer` signed in (with their role's permissions). */
function stubServer(viewer: typeof owner, width = 1280) {
  stubScreenWidth(width);
  const permissions: Permission[] = isBuiltInRole(viewer.role)
    ? [...builtInRoles[viewer.role].permissions]
    : ["team.manage"];
  return fakeApi({
    "GET /api/auth/get-session": {
      user: {
        id: viewer.id,
        name: viewer.name,
        email: viewer.email,
        emailVerified: true,
        role: viewer.role,
        createdAt: "2026-01-01T00:00:00.000Z",
      },
      session: { id: "session-1", expiresAt: "2030-01-01T00:00:00.000Z" },
    },
    "GET /api/admin/:email": { admin: true, role: viewer.role, permissions },
    "GET /api/team/members": {
      members: [owner, admin, staff, away, ...(viewer === manager ? [manager] : [])],
      invitations: [teamInvitation()],
    },
    "GET /api/team/roles": { roles: teamRoles() },
    "PUT /api/team/members/:id/role": { modifiedCount: 1 },
    "POST /api/team/members/:id/suspend": { modifiedCount: 1 },
    "POST /api/team/members/:id/unsuspend": { modifiedCount: 1 },
    "DELETE /api/team/members/:id": { deletedCount: 1 },
    "POST /api/team/owner": { modifiedCount: 2 },
    "POST /api/team/invitations/:id/revoke": { modifiedCount: 1 },
  });
}

const row = async (text: string) => (await screen.findByText(text)).closest("tr") as HTMLElement;

describe("the team page", () => {
  it("lists the members with their roles and status; the owner's row and the viewer's own have no actions", async () => {
    stubServer(admin);
    renderWithProviders(<Team />);
    const ownerRow = await row("olivia@example.com");
    expect(within(ownerRow).getByText("Owner")).toBeTruthy();
    expect(within(ownerRow).queryByRole("button")).toBeNull();
    expect(within(ownerRow).queryByRole("combobox")).toBeNull();
    const mine = await row("adam@example.com");
    expect(within(mine).getByText(`Adam Admin ${t.you}`)).toBeTruthy();
    expect(within(mine).queryByRole("button")).toBeNull();
    expect(within(mine).queryByRole("combobox")).toBeNull();
    const sue = await row("sue@example.com");
    expect(within(sue).getByText(t.suspended)).toBeTruthy();
    expect(within(sue).getByText(t.never)).toBeTruthy();
    expect(await within(sue).findByRole("button", { name: t.unsuspend })).toBeTruthy();
    // Only the owner hands the shop over.
    expect(screen.queryByRole("button", { name: t.makeOwner })).toBeNull();
    expect(screen.getByText("waiting@example.com")).toBeTruthy();
  });

  it("changes a member's role from the list, offering Admin only to the owner", async () => {
    const api = stubServer(admin);
    renderWithProviders(<Team />);
    const select = await screen.findByRole("combobox", { name: t.roleOf("Sam Staff") });
    expect(
      within(select)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Staff", "Editors"]);
    fireEvent.change(select, { target: { value: "3f1d7c2e-0000-4000-8000-0000000000e1" } });
    expect(await screen.findByText(t.roleChanged("Sam Staff", "Editors"))).toBeTruthy();
    expect(api.bodies("PUT /api/team/members/:id/role")).toEqual([
      { role: "3f1d7c2e-0000-4000-8000-0000000000e1" },
    ]);
  });

  it("offers the owner Admin, and an Admin's row its controls", async () => {
    stubServer(owner);
    renderWithProviders(<Team />);
    const select = await screen.findByRole("combobox", { name: t.roleOf("Sam Staff") });
    expect(
      within(select)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Admin", "Staff", "Editors"]);
    expect(screen.getByRole("combobox", { name: t.roleOf("Adam Admin") })).toBeTruthy();
  });

  it("offers a member only what they hold: no role to give, no control on members with more", async () => {
    stubServer(manager);
    renderWithProviders(<Team />);
    // A new role offers only their permissions (once the page knows them).
    fireEvent.click(await screen.findByRole("button", { name: t.addRole }));
    const form = await screen.findByRole("form", { name: t.addRole });
    await waitFor(() => {
      const boxes = within(form).getAllByRole("checkbox") as HTMLInputElement[];
      expect(boxes.filter((box) => !box.disabled)).toHaveLength(1);
    });
    for (const email of ["adam@example.com", "sam@example.com"]) {
      const member = await row(email);
      expect(within(member).queryByRole("combobox")).toBeNull();
      expect(within(member).queryByRole("button")).toBeNull();
    }
    const invite = screen.getByRole("form", { name: t.inviteHeading });
    expect(within(within(invite).getByLabelText(t.inviteRole)).queryAllByRole("option")).toEqual([]);
    // Editors needs a permission they lack: shown, not editable.
    expect(screen.getByText("Editors")).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Editors" })).toBeNull();
  });

  it("suspends, lets back in and removes members after asking, and says so", async () => {
    const api = stubServer(admin);
    renderWithProviders(<Team />);
    fireEvent.click(await within(await row("sam@example.com")).findByRole("button", { name: t.suspend }));
    expect(await screen.findByText(t.suspendedDone("Sam Staff"))).toBeTruthy();
    expect(confirmAction).toHaveBeenCalledWith(
      expect.objectContaining({ title: t.suspendQuestion("Sam Staff"), destructive: true }),
    );
    fireEvent.click(await within(await row("sue@example.com")).findByRole("button", { name: t.unsuspend }));
    expect(await screen.findByText(t.unsuspendedDone("Sue Suspended"))).toBeTruthy();
    fireEvent.click(await within(await row("sam@example.com")).findByRole("button", { name: t.remove }));
    expect(await screen.findByText(t.removedDone("Sam Staff"))).toBeTruthy();
    expect(api.callsTo("POST /api/team/members/:id/suspend").map((call) => call.params.id)).toEqual([
      "member-1",
    ]);
    expect(api.callsTo("POST /api/team/members/:id/unsuspend").map((call) => call.params.id)).toEqual([
      "member-2",
    ]);
    expect(api.callsTo("DELETE /api/team/members/:id").map((call) => call.params.id)).toEqual(["member-1"]);
  });

  it("shows the server's refusal", async () => {
    const api = stubServer(admin);
    api.answer("POST /api/team/members/:id/suspend", apiFailure(409, "conflict", "Not now."));
    renderWithProviders(<Team />);
    fireEvent.click(await within(await row("sam@example.com")).findByRole("button", { name: t.suspend }));
    expect(await screen.findByText("Not now.")).toBeTruthy();
  });

  it("lets the owner hand the shop to an active member", async () => {
    const api = stubServer(owner);
    renderWithProviders(<Team />);
    const adamRow = await row("adam@example.com");
    fireEvent.click(await within(adamRow).findByRole("button", { name: t.makeOwner }));
    expect(await screen.findByText(t.ownerChanged("Adam Admin"))).toBeTruthy();
    expect(api.bodies("POST /api/team/owner")).toEqual([{ memberId: "admin-1" }]);
    expect(within(await row("sue@example.com")).queryByRole("button", { name: t.makeOwner })).toBeNull();
  });

  it("revokes an open invitation after asking", async () => {
    const api = stubServer(admin);
    renderWithProviders(<Team />);
    fireEvent.click(await screen.findByRole("button", { name: `${t.revoke}: waiting@example.com` }));
    expect(await screen.findByText(t.revokedDone("waiting@example.com"))).toBeTruthy();
    await waitFor(() => expect(api.callsTo("POST /api/team/invitations/:id/revoke")).toHaveLength(1));
  });

  it("fits a 390 px phone: members and invitations as cards", async () => {
    stubServer(admin, 390);
    renderWithProviders(<Team />);
    const members = await screen.findByRole("list", { name: t.membersHeading });
    expect(within(members).getAllByRole("listitem")).toHaveLength(4);
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByRole("list", { name: t.invitationsHeading })).toBeTruthy();
  });
});
