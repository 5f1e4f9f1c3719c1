import { fireEvent, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { accountMessages as m } from "../../../lib/messages";
import { accountFailure, fakeApi } from "../../../test/fake-api";
import { renderWithProviders } from "../../../test/render-with-providers";
import { LoginForm } from "./login-form";

function LoginPage() {
  return <LoginForm redirectTo="/dashboard" />;
}

function DashboardPage() {
  return <p>Dashboard</p>;
}

function renderLogin() {
  const Stub = createRoutesStub([
    { path: "/login", Component: LoginPage },
    { path: "/dashboard", Component: DashboardPage },
  ]);
  renderWithProviders(<Stub initialEntries={["/login"]} />);
}

function logIn() {
  fireEvent.change(screen.getByLabelText("Email address"), { target: { value: "ada@example.com" } });
  fireEvent.change(screen.getByLabelText("Password", { exact: true }), {
    target: { value: "secret-password" },
  });
  fireEvent.click(screen.getByRole("button", { name: "Login" }));
}

describe("login form refusals", () => {
  it("says what to configure instead of the raw 'Invalid origin'", async () => {
    fakeApi({
      "POST /api/auth/sign-in/email": accountFailure(403, "Invalid origin", { code: "INVALID_ORIGIN" }),
    });
    renderLogin();
    logIn();
    expect(await screen.findByText(m.untrustedAddress)).toBeTruthy();
    expect(m.untrustedAddress).toMatch(/PUBLIC_URL/);
    expect(screen.queryByText("Invalid origin")).toBeNull();
  });

  it("asks an unconfirmed account to open the new link", async () => {
    fakeApi({
      "POST /api/auth/sign-in/email": accountFailure(403, "Email not verified", {
        code: "EMAIL_NOT_VERIFIED",
      }),
    });
    renderLogin();
    logIn();
    expect(await screen.findByText(m.notVerified)).toBeTruthy();
  });

  it("shows any other refusal as the server words it", async () => {
    fakeApi({
      "POST /api/auth/sign-in/email": accountFailure(401, "Invalid email or password", {
        code: "INVALID_EMAIL_OR_PASSWORD",
      }),
    });
    renderLogin();
    logIn();
    expect(await screen.findByText("Invalid email or password")).toBeTruthy();
  });

  it("says when to try again after too many attempts", async () => {
    fakeApi({
      "POST /api/auth/sign-in/email": accountFailure(429, "Too many requests. Please try again later.", {
        headers: { "retry-after": "40" },
      }),
    });
    renderLogin();
    logIn();
    expect(await screen.findByText("Too many attempts. Try again in 40 seconds.")).toBeTruthy();
    expect(screen.queryByText("Too many requests. Please try again later.")).toBeNull();
  });

  it("says the wait in minutes once it is long", async () => {
    fakeApi({
      "POST /api/auth/sign-in/email": accountFailure(429, "Too many attempts.", {
        code: "TOO_MANY_ATTEMPTS",
        headers: { "retry-after": "900" },
      }),
    });
    renderLogin();
    logIn();
    expect(await screen.findByText(m.tooManyAttempts(900))).toBeTruthy();
    expect(m.tooManyAttempts(900)).toBe("Too many attempts. Try again in 15 minutes.");
  });
});
