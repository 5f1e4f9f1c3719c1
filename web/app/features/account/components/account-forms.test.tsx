import { accountDataMessages } from "@agency/contract";
import { fireEvent, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { accountMessages, editAccountPage as t } from "../../../lib/messages";
import { accountFailure, apiFailure, type FakeApi, fakeApi } from "../../../test/fake-api";
import { renderWithProviders } from "../../../test/render-with-providers";
import { EmailForm, NameForm, PasswordForm } from "./account-forms";
import { ConfirmDeletion, DeleteAccount } from "./delete-account";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The calls made, each as its address and body. */
const calls = (api: FakeApi) => api.calls.map((call) => [call.url, call.body]);

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("edit name", () => {
  it("saves the new name and says so", async () => {
    const api = fakeApi({ "POST /api/auth/update-user": { status: true } });
    renderWithProviders(<NameForm name="Ada" />);
    type(t.name, "  Ada Lovelace ");
    fireEvent.click(screen.getByRole("button", { name: t.saveName }));
    expect(await screen.findByText(t.nameSaved)).toBeTruthy();
    expect(calls(api)[0]).toEqual(["/api/auth/update-user", { name: "Ada Lovelace" }]);
  });

  it("refuses an empty name without calling the server", async () => {
    const api = fakeApi({ "POST /api/auth/update-user": { status: true } });
    renderWithProviders(<NameForm name="Ada" />);
    type(t.name, "   ");
    fireEvent.click(screen.getByRole("button", { name: t.saveName }));
    expect((await screen.findByRole("alert")).textContent).toBe(t.nameRequired);
    expect(api.calls).toEqual([]);
  });
});

describe("change password", () => {
  function fill(current: string, next: string, confirm: string) {
    type(t.currentPassword, current);
    type(t.newPassword, next);
    type(t.confirmPassword, confirm);
    fireEvent.click(screen.getByRole("button", { name: t.changePassword }));
  }

  it.each([
    [
      "a mismatched confirmation",
      "old-secret",
      "new-secret",
      "other-secret",
      accountMessages.passwordMismatch,
    ],
    ["a short password", "old-secret", "abc", "abc", accountMessages.passwordTooShort],
    ["a missing current password", "", "new-secret", "new-secret", accountMessages.fillField],
  ])("refuses %s before calling the server", async (_case, current, next, confirm, message) => {
    const api = fakeApi({ "POST /api/auth/change-password": { status: true } });
    renderWithProviders(<PasswordForm hasPassword />);
    fill(current, next, confirm);
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(api.calls).toEqual([]);
  });

  it("says when the current password is wrong", async () => {
    fakeApi({
      "POST /api/auth/change-password": accountFailure(400, "Invalid password", { code: "INVALID_PASSWORD" }),
    });
    renderWithProviders(<PasswordForm hasPassword />);
    fill("not-it", "new-secret", "new-secret");
    expect((await screen.findByRole("alert")).textContent).toBe(t.wrongCurrentPassword);
  });

  it("changes it, signing out the other sessions", async () => {
    const api = fakeApi({ "POST /api/auth/change-password": { token: null } });
    renderWithProviders(<PasswordForm hasPassword />);
    fill("old-secret", "new-secret", "new-secret");
    expect(await screen.findByText(t.passwordChanged)).toBeTruthy();
    expect(calls(api)[0]).toEqual([
      "/api/auth/change-password",
      { currentPassword: "old-secret", newPassword: "new-secret", revokeOtherSessions: true },
    ]);
    expect((screen.getByLabelText(t.currentPassword) as HTMLInputElement).value).toBe("");
  });

  it("explains that a social-only account has no password", () => {
    renderWithProviders(<PasswordForm hasPassword={false} />);
    expect(screen.getByText(t.noPassword)).toBeTruthy();
    expect(screen.queryByLabelText(t.currentPassword)).toBeNull();
  });
});

describe("change e-mail", () => {
  it("tells where the confirmation link went", async () => {
    const api = fakeApi({ "POST /api/auth/change-email": { status: true } });
    renderWithProviders(<EmailForm email="ada@example.com" />);
    type(t.newEmail, "ada@new.example");
    fireEvent.click(screen.getByRole("button", { name: t.changeEmail }));
    expect(await screen.findByText(t.emailChangeSent("ada@new.example"))).toBeTruthy();
    expect(calls(api)[0]?.[1]).toEqual({
      newEmail: "ada@new.example",
      callbackURL: "/dashboard/profile",
    });
  });

  it("refuses the current address", async () => {
    const api = fakeApi({ "POST /api/auth/change-email": { status: true } });
    renderWithProviders(<EmailForm email="ada@example.com" />);
    type(t.newEmail, "ADA@example.com");
    fireEvent.click(screen.getByRole("button", { name: t.changeEmail }));
    expect((await screen.findByRole("alert")).textContent).toBe(t.sameEmail);
    expect(api.calls).toEqual([]);
  });
});

describe("delete account", () => {
  function renderDelete(hasPassword: boolean, token?: string) {
    const page = token ? <ConfirmDeletion token={token} /> : <DeleteAccount hasPassword={hasPassword} />;
    return renderWithProviders(
      <MemoryRouter initialEntries={["/dashboard/profile/edit"]}>
        <Routes>
          <Route path="/dashboard/profile/edit" element={page} />
          <Route path="/login" element={<p>login page</p>} />
        </Routes>
      </MemoryRouter>,
    );
  }

  it("says before asking for the password that running plans must be cancelled, with the way to My Orders", () => {
    renderDelete(true);
    const warning = screen.getByText(
      (_, element) => element?.textContent === `${t.deletePlansFirst} ${t.deletePlansLink}`,
    );
    const password = screen.getByLabelText(t.deletePassword);
    expect(warning.compareDocumentPosition(password) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole("link", { name: t.deletePlansLink }).getAttribute("href")).toBe(
      "/dashboard/my-orders",
    );
  });

  it("asks once more, then shows the server's refusal of a wrong password", async () => {
    const api = fakeApi({
      "POST /api/account/delete": apiFailure(400, "bad_request", accountDataMessages.wrongPassword),
    });
    renderDelete(true);
    type(t.deletePassword, "not-it");
    fireEvent.click(screen.getByRole("button", { name: t.deleteButton }));
    expect(await screen.findByText(t.deleteQuestion)).toBeTruthy();
    expect(api.calls).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: t.confirmButton }));
    expect(await screen.findByText(accountDataMessages.wrongPassword)).toBeTruthy();
    expect(calls(api)).toEqual([["/api/account/delete", { password: "not-it" }]]);
  });

  it("goes to the login page once the account is deleted", async () => {
    fakeApi({ "POST /api/account/delete": { status: "deleted" } });
    renderDelete(true);
    type(t.deletePassword, "secret-password");
    fireEvent.click(screen.getByRole("button", { name: t.deleteButton }));
    fireEvent.click(await screen.findByRole("button", { name: t.confirmButton }));
    expect(await screen.findByText("login page")).toBeTruthy();
  });

  it("mails a confirmation link to an account without a password", async () => {
    const api = fakeApi({ "POST /api/account/delete": { status: "mailed" } });
    renderDelete(false);
    expect(screen.queryByLabelText(t.deletePassword)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: t.deleteByMail }));
    fireEvent.click(await screen.findByRole("button", { name: t.confirmButton }));
    expect(await screen.findByText(t.deleteMailed)).toBeTruthy();
    expect(calls(api)).toEqual([["/api/account/delete", {}]]);
  });

  it("confirms a mailed link with one more click, or says the link is no good", async () => {
    const api = fakeApi({
      "POST /api/account/delete/confirm": apiFailure(
        400,
        "bad_request",
        accountDataMessages.deletionLinkInvalid,
      ),
    });
    renderDelete(false, "mailed-token-0123456789");
    fireEvent.click(screen.getByRole("button", { name: t.confirmButton }));
    expect(await screen.findByText(accountDataMessages.deletionLinkInvalid)).toBeTruthy();
    expect(calls(api)).toEqual([["/api/account/delete/confirm", { token: "mailed-token-0123456789" }]]);
  });
});
