import { addressLines, formatAddress, type Session } from "@agency/contract";
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { accountMessages, footer, nav } from "../../lib/messages";
import { createQueryClient } from "../../lib/query-client";
import { queryKeys } from "../../lib/query-keys";
import { SiteProvider } from "../../lib/site";
import { testSiteContent } from "../../test/render-with-providers";
import { Footer } from "./footer";
import { Navbar } from "./navbar";

const signedIn: Session = {
  user: {
    id: "u1",
    name: "Ada",
    email: "ada@example.com",
    emailVerified: true,
    createdAt: new Date("2026-01-01T00:00:00Z"),
  },
  session: { id: "s1", expiresAt: new Date("2030-01-01T00:00:00Z") },
};

/** The navbar and footer on a page, with the session already known (null: signed out). */
function renderChrome(session: Session, path = "/home") {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.session, session);
  return render(
    <SiteProvider content={testSiteContent}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <Navbar />
          <Footer />
        </MemoryRouter>
      </QueryClientProvider>
    </SiteProvider>,
  );
}

function accountLinks() {
  const account = screen.getByRole("navigation", { name: footer.account });
  return within(account)
    .getAllByRole("listitem")
    .map((item) => item.textContent);
}

describe("navbar", () => {
  it("marks the page the visitor is on, and only that one", () => {
    renderChrome(null, "/blogs");
    const menu = screen.getByRole("navigation", { name: nav.main });
    const current = within(menu).getByRole("link", { name: nav.blogs });
    expect(current.getAttribute("aria-current")).toBe("page");
    expect(current.classList.contains("active")).toBe(true);
    const home = within(menu).getByRole("link", { name: nav.home });
    expect(home.getAttribute("aria-current")).toBeNull();
    expect(home.classList.contains("active")).toBe(false);
  });

  it("says whether the menu is open, and Escape closes it and returns the focus to the toggle", () => {
    renderChrome(null);
    const toggle = screen.getByRole("button", { name: nav.toggle });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const menu = screen.getByRole("navigation", { name: nav.main });
    within(menu).getByRole("link", { name: nav.contact }).focus();
    fireEvent.keyDown(document.activeElement ?? document, { key: "Escape" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(toggle);
  });
});

describe("footer", () => {
  it("offers Login and Sign up to a visitor, and the privacy policy", () => {
    renderChrome(null);
    expect(accountLinks()).toEqual([nav.login, footer.signUp]);
    const company = screen.getByRole("navigation", { name: footer.company });
    expect(within(company).getByRole("link", { name: footer.privacy }).getAttribute("href")).toBe(
      "/privacy__policy",
    );
  });

  it("offers the dashboard and logging out to a signed-in customer", () => {
    renderChrome(signedIn);
    expect(accountLinks()).toEqual([accountMessages.dashboard, accountMessages.logOut]);
    const account = screen.getByRole("navigation", { name: footer.account });
    expect(within(account).getByRole("link", { name: accountMessages.dashboard }).getAttribute("href")).toBe(
      "/dashboard",
    );
    expect(within(account).queryByRole("link", { name: nav.login })).toBeNull();
  });

  it("writes the office's address the way mails and receipts write it, country included", () => {
    renderChrome(null);
    const { address } = testSiteContent.site;
    const written = screen.getByText(formatAddress(address));
    expect(written.textContent).toBe(addressLines(address).join(", "));
    expect(written.textContent).toContain(address.country);
  });
});
