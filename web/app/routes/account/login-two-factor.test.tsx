import { fireEvent, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { twoFactorPage as t } from "../../lib/messages/two-factor";
import { accountFailure, fakeApi, inTurn } from "../../test/fake-api";
import { renderWithProviders } from "../../test/render-with-providers";
import Login from "./login";

function MyOrdersPage() {
  return <p>My orders page</p>;
}

function SetUpPage() {
  return <p>Set-up page</p>;
}

function renderLogin(entry = "/login?redirect=%2Fdashboard%2Fmy-orders") {
  const Stub = createRoutesStub([
    { path: "/login", Component: Login },
    { path: "/dashboard/my-orders", Component: MyOrdersPage },
    { path: "/dashboard/two-factor", Component: SetUpPage },
  ]);
  renderWithProviders(<Stub initialEntries={[entry]} />, {
    settings: { googleMapsApiKey: null, socialSignIn: { google: false, facebook: false } },
  });
}

function logIn(email = "ada@example.com") {
  fireEvent.change(screen.getByLabelText("Email address"), { target: { value: email } });
  fireEvent.change(screen.getByLabelText("Password", { exact: true }), {
    target: { value: "secret-password" },
  });
  fireEvent.click(screen.getByRole("button", { name: "Login" }));
}

function enterCode(code: string) {
  fireEvent.change(screen.getByLabelText(t.signInCode), { target: { value: code } });
  fireEvent.click(screen.getByRole("button", { name: t.verify }));
}

describe("the login page's code step", () => {
  it("asks for the code after the right password, refuses a wrong one, and goes on with the right one", async () => {
    const api = fakeApi({
      "POST /api/auth/sign-in/email": { twoFactorRedirect: true, twoFactorMethods: ["totp"] },
      "POST /api/auth/two-factor/verify-totp": inTurn(
        accountFailure(401, "Invalid code", { code: "INVALID_CODE" }),
        {
          token: "t",
        },
      ),
      "GET /api/two-factor": { enabled: true, required: true },
    });
    renderLogin();
    logIn();
    expect(await screen.findByText(t.codePrompt)).toBeTruthy();
    enterCode("123 456");
    expect(await screen.findByText(t.wrongCode)).toBeTruthy();
    enterCode("654321");
    expect(await screen.findByText("My orders page")).toBeTruthy();
    const codes = api.calls.filter((call) => call.path === "/api/auth/two-factor/verify-totp");
    expect(codes.map((call) => call.body)).toEqual([{ code: "123456" }, { code: "654321" }]);
  });

  it("takes a backup code, and sends a member the owner requires it of to set it up", async () => {
    const api = fakeApi({
      "POST /api/auth/two-factor/verify-backup-code": { token: "t" },
      "GET /api/two-factor": { enabled: false, required: true },
    });
    renderLogin("/login?two-factor=1");
    enterCode("AbCdE-12345");
    expect(await screen.findByText("Set-up page")).toBeTruthy();
    expect(api.calls.find((call) => call.path.endsWith("verify-backup-code"))?.body).toEqual({
      code: "AbCdE-12345",
    });
  });
});

describe("a locked account", () => {
  it("says so and offers a one-time sign-in link to its address", async () => {
    const api = fakeApi({
      "POST /api/auth/sign-in/email": accountFailure(429, "Too many attempts. Try again in 60 seconds.", {
        code: "TOO_MANY_ATTEMPTS",
        headers: { "retry-after": "60" },
      }),
      "POST /api/auth/sign-in/magic-link": { status: true },
    });
    renderLogin();
    logIn("locked@example.com");
    expect(await screen.findByText(t.accountLocked)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: t.sendLink }));
    expect(await screen.findByText(t.linkSent)).toBeTruthy();
    expect(api.calls.find((call) => call.path === "/api/auth/sign-in/magic-link")?.body).toEqual({
      email: "locked@example.com",
      callbackURL: "/dashboard/my-orders",
      errorCallbackURL: "/login?signin-link=failed",
    });
  });
});
