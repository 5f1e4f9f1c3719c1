import type { SiteSettings } from "@agency/contract";
import { screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { accountPages } from "../../lib/messages";
import { fakeApi } from "../../test/fake-api";
import { renderWithProviders } from "../../test/render-with-providers";
import Login from "./login";
import SignUp from "./sign-up";

/** The page as the server renders it: with the providers it has keys for, and no request for them. */
function renderPage(path: "/login" | "/sign-up", socialSignIn: SiteSettings["socialSignIn"]) {
  // Nothing answers: the page must not need the server for its buttons.
  const api = fakeApi();
  const Stub = createRoutesStub([
    { path: "/login", Component: Login },
    { path: "/sign-up", Component: SignUp },
  ]);
  renderWithProviders(<Stub initialEntries={[path]} />, {
    settings: { googleMapsApiKey: null, socialSignIn },
  });
  return api;
}

const socialButtons = () =>
  screen.queryAllByRole("button", { name: /^Continue with / }).map((button) => button.textContent);

describe.each(["/login", "/sign-up"] as const)("social sign-in on %s", (path) => {
  it("offers only the provider whose keys are set, in the first render", async () => {
    const api = renderPage(path, { google: false, facebook: true });
    await screen.findByRole("button", { name: accountPages.facebook });
    expect(socialButtons()).toEqual([accountPages.facebook]);
    expect(api.urls()).not.toContain("/api/site");
  });

  it("offers both when both are set", async () => {
    renderPage(path, { google: true, facebook: true });
    await screen.findByRole("button", { name: accountPages.google });
    expect(socialButtons()).toEqual([accountPages.google, accountPages.facebook]);
  });

  it("shows no social button and no 'or' rule when none is set", async () => {
    renderPage(path, { google: false, facebook: false });
    const submit = path === "/login" ? accountPages.loginButton : accountPages.signUpButton;
    expect(await screen.findByRole("button", { name: submit })).toBeTruthy();
    expect(socialButtons()).toEqual([]);
    expect(screen.queryByText(accountPages.or)).toBeNull();
  });
});
