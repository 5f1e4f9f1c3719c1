import type { SiteSettings } from "@agency/contract";
import { screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { accountPages } from "../../lib/messages";
import { jsonResponse, renderWithProviders } from "../../test/render-with-providers";
import Login from "./login";
import SignUp from "./sign-up";

/** The page as the server renders it: with the providers it has keys for, and no request for them. */
function renderPage(path: "/login" | "/sign-up", socialSignIn: SiteSettings["socialSignIn"]) {
  const fetchMock = vi.fn(async () =>
    jsonResponse({ error: { code: "not_found", message: "Not found" } }, 404),
  );
  vi.stubGlobal("fetch", fetchMock);
  const Stub = createRoutesStub([
    { path: "/login", Component: Login },
    { path: "/sign-up", Component: SignUp },
  ]);
  renderWithProviders(<Stub initialEntries={[path]} />, {
    settings: { googleMapsApiKey: null, socialSignIn },
  });
  return fetchMock;
}

const socialButtons = () =>
  screen.queryAllByRole("button", { name: /^Continue with / }).map((button) => button.textContent);

describe.each(["/login", "/sign-up"] as const)("social sign-in on %s", (path) => {
  it("offers only the provider whose keys are set, in the first render", async () => {
    const fetchMock = renderPage(path, { google: false, facebook: true });
    await screen.findByRole("button", { name: accountPages.facebook });
    expect(socialButtons()).toEqual([accountPages.facebook]);
    expect(fetchMock).not.toHaveBeenCalledWith("/api/site", expect.anything());
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
