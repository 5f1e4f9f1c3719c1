import { fireEvent, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { accountMessages as m } from "../../../lib/messages";
import { jsonResponse, renderWithProviders } from "../../../test/render-with-providers";
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
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse({ code: "INVALID_ORIGIN", message: "Invalid origin" }, 403)),
    );
    renderLogin();
    logIn();
    expect(await screen.findByText(m.untrustedAddress)).toBeTruthy();
    expect(m.untrustedAddress).toMatch(/PUBLIC_URL/);
    expect(screen.queryByText("Invalid origin")).toBeNull();
  });

  it("asks an unconfirmed account to open the new link", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse({ code: "EMAIL_NOT_VERIFIED", message: "Email not verified" }, 403)),
    );
    renderLogin();
    logIn();
    expect(await screen.findByText(m.notVerified)).toBeTruthy();
  });

  it("shows any other refusal as the server words it", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        jsonResponse({ code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" }, 401),
      ),
    );
    renderLogin();
    logIn();
    expect(await screen.findByText("Invalid email or password")).toBeTruthy();
  });

  it("says when to try again after too many attempts", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        const response = jsonResponse({ message: "Too many requests. Please try again later." }, 429);
        response.headers.set("retry-after", "40");
        return response;
      }),
    );
    renderLogin();
    logIn();
    expect(await screen.findByText("Too many attempts. Try again in 40 seconds.")).toBeTruthy();
    expect(screen.queryByText("Too many requests. Please try again later.")).toBeNull();
  });

  it("says the wait in minutes once it is long", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        const response = jsonResponse({ code: "TOO_MANY_ATTEMPTS", message: "Too many attempts." }, 429);
        response.headers.set("retry-after", "900");
        return response;
      }),
    );
    renderLogin();
    logIn();
    expect(await screen.findByText(m.tooManyAttempts(900))).toBeTruthy();
    expect(m.tooManyAttempts(900)).toBe("Too many attempts. Try again in 15 minutes.");
  });
});
