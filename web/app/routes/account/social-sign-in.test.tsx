import type { SiteSettings } from "@agency/contract";
import { screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
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

function renderPage(path: "/login" | "/sign-up") {
  const Stub = createRoutesStub([
    { path: "/login", Component: Login },
    { path: "/sign-up", Component: SignUp },
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
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    // Let the settings answer arrive and render.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(socialButtons()).toEqual([]);
    expect(screen.queryByText(accountPages.or)).toBeNull();
  });
});
