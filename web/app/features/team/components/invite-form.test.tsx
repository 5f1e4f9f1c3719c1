import { invitationMessages, permissions } from "@agency/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { teamPage as t } from "../../../lib/messages";
import { apiFailure, fakeApi } from "../../../test/fake-api";
import { renderWithProviders } from "../../../test/render-with-providers";
import { teamInvitation, teamRoles } from "../test/team-fixtures";
import { InviteForm } from "./invite-form";

const owner = { id: "owner-1", role: "owner", permissions: [...permissions] };

function invite(email: string, role?: string) {
  fireEvent.change(screen.getByLabelText(t.inviteEmail), { target: { value: email } });
  if (role) fireEvent.change(screen.getByLabelText(t.inviteRole), { target: { value: role } });
  fireEvent.click(screen.getByRole("button", { name: t.sendInvitation }));
}

describe("the invite form", () => {
  it("offers every role but Owner, sends the address and the role, and empties itself", async () => {
    const api = fakeApi({
      "POST /api/team/invitations": ({ body }) =>
        teamInvitation({ ...(body as object), roleName: "Editors" }),
    });
    renderWithProviders(<InviteForm roles={teamRoles()} invitations={[]} viewer={owner} />);
    const options = within(screen.getByLabelText(t.inviteRole)).getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["Admin", "Staff", "Editors"]);

    invite("  new.person@example.com ", "3f1d7c2e-0000-4000-8000-0000000000e1");
    expect(await screen.findByText(t.invitationSent("new.person@example.com"))).toBeTruthy();
    expect(api.bodies("POST /api/team/invitations")).toEqual([
      { email: "new.person@example.com", role: "3f1d7c2e-0000-4000-8000-0000000000e1" },
    ]);
    await waitFor(() => expect((screen.getByLabelText(t.inviteEmail) as HTMLInputElement).value).toBe(""));
  });

  it("offers an Admin every role but Owner and Admin, and a member only roles within theirs", async () => {
    const admin = { id: "admin-1", role: "admin", permissions: [...permissions] };
    const { unmount } = renderWithProviders(
      <InviteForm roles={teamRoles()} invitations={[]} viewer={admin} />,
    );
    const options = within(screen.getByLabelText(t.inviteRole)).getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["Staff", "Editors"]);
    unmount();
    const editor = { id: "editor-1", role: "editors", permissions: ["content.edit", "team.manage"] as const };
    renderWithProviders(<InviteForm roles={teamRoles()} invitations={[]} viewer={editor} />);
    const offered = within(screen.getByLabelText(t.inviteRole)).getAllByRole("option");
    expect(offered.map((option) => option.textContent)).toEqual(["Editors"]);
  });

  it("says what is wrong with the address under it and sends nothing", async () => {
    const api = fakeApi();
    renderWithProviders(<InviteForm roles={teamRoles()} invitations={[]} viewer={owner} />);
    invite("not-an-address");
    expect(await screen.findByText("Please enter a valid email address.")).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it("shows the server's refusal of an address that has an account", async () => {
    fakeApi({
      "POST /api/team/invitations": apiFailure(409, "conflict", invitationMessages.customerAccount, {
        email: invitationMessages.customerAccount,
      }),
    });
    renderWithProviders(<InviteForm roles={teamRoles()} invitations={[]} viewer={owner} />);
    invite("customer@example.com");
    expect((await screen.findAllByText(invitationMessages.customerAccount)).length).toBeGreaterThan(0);
    expect(screen.queryByRole("button", { name: t.resendInstead })).toBeNull();
    expect((screen.getByLabelText(t.inviteEmail) as HTMLInputElement).value).toBe("customer@example.com");
  });

  it("offers to send the waiting invitation again when the address is already invited", async () => {
    const waiting = teamInvitation({ email: "waiting@example.com" });
    const api = fakeApi({
      "POST /api/team/invitations": apiFailure(409, "conflict", invitationMessages.alreadyInvited, {
        email: invitationMessages.alreadyInvited,
      }),
      "POST /api/team/invitations/:id/resend": waiting,
    });
    renderWithProviders(<InviteForm roles={teamRoles()} invitations={[waiting]} viewer={owner} />);
    invite("Waiting@example.com");

    fireEvent.click(await screen.findByRole("button", { name: t.resendInstead }));
    expect(await screen.findByText(t.resent("waiting@example.com"))).toBeTruthy();
    expect(api.callsTo("POST /api/team/invitations/:id/resend").map((call) => call.params.id)).toEqual([
      waiting.id,
    ]);
  });
});
