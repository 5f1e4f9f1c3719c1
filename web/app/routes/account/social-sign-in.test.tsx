import type { SiteSettings } from "@agency/contract";
import { screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { useSiteSettings } from "../../features/site/api/site";
import { accountPages } from "../../lib/messages";
import { jsonResponse, renderWithProviders } from "../../test/render-with-providers";
import Login from "./login";
import SignUp from "./sign-up";

/** The shop's answers: GET /api/site with the given providers configured. */
function serveSite(socialSignIn: SiteSettings["socialSignIn"]) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith("/api/site")) return jsonResponse({ googleMapsApiKey: null, socialSignIn });
    return jsonResponse({ error: { code: "not_found", message: "Not found" } }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** Shows once the shop's settings have reached the page: they render in the same pass as the page's. */
function SettingsArrived() {
  return useSiteSettings().data ? <p>The shop's settings have arrived.</p> : null;
}

function LoginWithProbe() {
  return (
    <>
      <Login />
      <SettingsArrived />
    </>
  );
}

function SignUpWithProbe() {
  return (
    <>
      <SignUp />
      <SettingsArrived />
    </>
  );
}

function renderPage(path: "/login" | "/sign-up") {
  const Stub = createRoutesStub([
    { path: "/login", Component: LoginWithProbe },
    { path: "/sign-up", Component: SignUpWithProbe },
  ]);
  renderWithProviders(<Stub initialEntries={[path]} />);
}

const socialButtons = () =>
  screen.queryAllByRole("button", { name: /^Continue with / }).map((button) => button.textContent);

describe.each(["/login", "/sign-up"] as const)("social sign-in on %s", (path) => {
  it("offers only the provider whose keys are set", async () => {
    const fetchMock = serveSite({ google: false, facebook: true });
    renderPage(path);
    await screen.findByRole("button", { name: accountPages.facebook }, { timeout: 5000 });
    expect(socialButtons()).toEqual([accountPages.facebook]);
    expect(fetchMock).toHaveBeenCalledWith("/api/site", expect.anything());
  });

  it("offers both when both are set", async () => {
    serveSite({ google: true, facebook: true });
    renderPage(path);
    await screen.findByRole("button", { name: accountPages.google }, { timeout: 5000 });
    expect(socialButtons()).toEqual([accountPages.google, accountPages.facebook]);
  });

  it("shows no social button and no 'or' rule when none is set", async () => {
    const fetchMock = serveSite({ google: false, facebook: false });
    renderPage(path);
    await screen.findByText("The shop's settings have arrived.", undefined, { timeout: 5000 });
    expect(fetchMock).toHaveBeenCalledWith("/api/site", expect.anything());
    const submit = path === "/login" ? accountPages.loginButton : accountPages.signUpButton;
    expect(screen.getByRole("button", { name: submit })).toBeTruthy();
    expect(socialButtons()).toEqual([]);
    expect(screen.queryByText(accountPages.or)).toBeNull();
  });
});
