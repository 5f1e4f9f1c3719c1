import { invitationMessages } from "@agency/contract";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { accountMessages, accountPages, joinPage as t } from "../../lib/messages";
import { apiFailure, fakeApi } from "../../test/fake-api";
import { renderRoute } from "../../test/render-route";
import JoinTeam from "./join-team";

const invitation = {
  email: "new.member@example.com",
  roleName: "Staff",
  shopName: "Bright Agency",
  expiresAt: "2026-12-01T10:00:00.000Z",
};

function LoginPage() {
  return <h1>{accountPages.loginHeading}</h1>;
}

function openLink(token = "mailed-token") {
  return renderRoute("/team/join/:token", JoinTeam, `/team/join/${token}`, [
    { path: "/login", Component: LoginPage },
  ]);
}

function fill({
  name = "Nia Member",
  password = "member-pass",
  confirm = password,
}: {
  name?: string;
  password?: string;
  confirm?: string;
} = {}) {
  fireEvent.change(screen.getByLabelText(t.name), { target: { value: name } });
  fireEvent.change(screen.getByLabelText(t.password), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(accountPages.confirmPassword), { target: { value: confirm } });
  fireEvent.click(screen.getByRole("button", { name: t.submit }));
}

describe("the page a mailed invitation opens", () => {
  it("shows the shop, the role and the address, then makes the account and sends the person to log in", async () => {
    const api = fakeApi({
      "GET /api/team/invitations/lookup": invitation,
      "POST /api/team/invitations/accept": { email: invitation.email },
    });
    openLink();

    expect(await screen.findByText(t.lead("Bright Agency", "Staff"))).toBeTruthy();
    expect(api.urls()).toContain("/api/team/invitations/lookup?token=mailed-token");
    expect((screen.getByLabelText(t.email) as HTMLInputElement).value).toBe(invitation.email);
    fill({ name: "  Nia Member " });

    expect(await screen.findByRole("heading", { name: accountPages.loginHeading })).toBeTruthy();
    expect(await screen.findByText(t.joined)).toBeTruthy();
    expect(api.bodies("POST /api/team/invitations/accept")).toEqual([
      { token: "mailed-token", name: "Nia Member", password: "member-pass" },
    ]);
  });

  it("checks the name and the password as sign-up does before sending anything", async () => {
    const api = fakeApi({ "GET /api/team/invitations/lookup": invitation });
    openLink();
    await screen.findByText(t.lead("Bright Agency", "Staff"));

    fill({ name: "" });
    expect(await screen.findByText(accountMessages.enterName)).toBeTruthy();
    fill({ password: "12345" });
    expect(await screen.findByText(accountMessages.passwordTooShort)).toBeTruthy();
    fill({ password: "member-pass", confirm: "member-pasz" });
    expect(await screen.findByText(accountMessages.passwordMismatch)).toBeTruthy();
    expect(api.callsTo("POST /api/team/invitations/accept")).toEqual([]);
  });

  it("says why an expired, withdrawn or used link cannot be used, with the way to log in", async () => {
    const api = fakeApi({
      "GET /api/team/invitations/lookup": apiFailure(410, "gone", invitationMessages.expired),
    });
    openLink("old-token");

    expect((await screen.findByRole("alert")).textContent).toBe(invitationMessages.expired);
    expect(screen.getByRole("heading", { name: t.unusable })).toBeTruthy();
    expect(screen.getByRole("link", { name: t.toLogin }).getAttribute("href")).toBe("/login");
    expect(screen.queryByRole("button", { name: t.submit })).toBeNull();
    // A closed link is an answer: it is not asked about again.
    expect(api.callsTo("GET /api/team/invitations/lookup")).toHaveLength(1);
  });

  it("says so when the link is unknown", async () => {
    fakeApi({ "GET /api/team/invitations/lookup": apiFailure(404, "not_found", invitationMessages.unknown) });
    openLink("typo");
    expect((await screen.findByRole("alert")).textContent).toBe(invitationMessages.unknown);
  });

  it("shows the server's refusal and keeps the form when the account cannot be made", async () => {
    fakeApi({
      "GET /api/team/invitations/lookup": invitation,
      "POST /api/team/invitations/accept": apiFailure(409, "conflict", invitationMessages.customerAccount),
    });
    openLink();
    await screen.findByText(t.lead("Bright Agency", "Staff"));
    fill();

    expect(await screen.findByText(invitationMessages.customerAccount)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole("button", { name: t.submit })).toHaveProperty("disabled", false),
    );
    expect(screen.queryByRole("heading", { name: accountPages.loginHeading })).toBeNull();
  });
});
