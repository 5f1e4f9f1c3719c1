import { fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { dashboardMenu } from "../lib/messages";
import { SiteProvider } from "../lib/site";
import { stubScreenWidth } from "../test/browser-apis";
import { testSiteContent } from "../test/render-with-providers";
import { DashboardFrame } from "./dashboard-frame";

const links = [
  { to: "/dashboard/profile", label: "Profile", alsoOn: "/dashboard" },
  { to: "/dashboard/my-orders", label: "My Orders" },
];

function Frame({ page }: { page: string }) {
  return (
    <DashboardFrame label="Dashboard menu" links={links} logOut={<button type="button">Log Out</button>}>
      <h1>{page}</h1>
    </DashboardFrame>
  );
}

function renderDashboard(path: string) {
  const router = createMemoryRouter(
    [
      { path: "/dashboard", element: <Frame page="Profile page" /> },
      { path: "/dashboard/profile", element: <Frame page="Profile page" /> },
      { path: "/dashboard/my-orders", element: <Frame page="Orders page" /> },
      { path: "/home", element: <h1>Home page</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <SiteProvider content={testSiteContent}>
      <RouterProvider router={router} />
    </SiteProvider>,
  );
}

function menuButton() {
  return screen.getByRole("button", { name: dashboardMenu.openMenu });
}

function menuPanel() {
  const id = menuButton().getAttribute("aria-controls") ?? "";
  const panel = document.getElementById(id);
  if (!panel) throw new Error(`no element #${id}`);
  return panel;
}

function backdrop() {
  return document.querySelector(".offcanvas-backdrop");
}

describe("the dashboard menu on a phone", () => {
  it("starts closed, opens from the Menu button with the focus on its first link, and closes on Escape", () => {
    stubScreenWidth(390);
    renderDashboard("/dashboard/my-orders");

    expect(menuButton().getAttribute("aria-expanded")).toBe("false");
    expect(menuPanel().classList.contains("show")).toBe(false);
    expect(backdrop()).toBeNull();

    fireEvent.click(menuButton());
    expect(menuButton().getAttribute("aria-expanded")).toBe("true");
    expect(menuPanel().classList.contains("show")).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole("link", { name: "Profile" }));

    fireEvent.keyDown(document, { key: "Escape" });
    expect(menuButton().getAttribute("aria-expanded")).toBe("false");
    expect(menuPanel().classList.contains("show")).toBe(false);
    expect(document.activeElement).toBe(menuButton());
  });

  it("closes on the backdrop and on its close button, giving the focus back to the Menu button", () => {
    stubScreenWidth(390);
    renderDashboard("/dashboard/my-orders");

    fireEvent.click(menuButton());
    fireEvent.click(backdrop() as Element);
    expect(menuButton().getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(menuButton());

    fireEvent.click(menuButton());
    fireEvent.click(screen.getByRole("button", { name: dashboardMenu.closeMenu }));
    expect(menuButton().getAttribute("aria-expanded")).toBe("false");
    expect(backdrop()).toBeNull();
  });

  it("closes when a link is followed, and the next page opens", async () => {
    stubScreenWidth(390);
    renderDashboard("/dashboard/profile");

    fireEvent.click(menuButton());
    fireEvent.click(screen.getByRole("link", { name: "My Orders" }));
    expect(await screen.findByRole("heading", { name: "Orders page" })).toBeTruthy();
    expect(menuButton().getAttribute("aria-expanded")).toBe("false");
    expect(menuPanel().classList.contains("show")).toBe(false);
  });
});

describe("the dashboard menu", () => {
  it("marks the current page's link, the dashboard's own path included", () => {
    stubScreenWidth(1280);
    renderDashboard("/dashboard");
    const profile = screen.getByRole("link", { name: "Profile" });
    expect(profile.getAttribute("aria-current")).toBe("page");
    expect(profile.classList.contains("active")).toBe(true);
    expect(screen.getByRole("link", { name: "My Orders" }).getAttribute("aria-current")).toBeNull();
  });

  it("stays beside the page on a wide screen: the Menu button opens no backdrop", () => {
    stubScreenWidth(1280);
    renderDashboard("/dashboard/my-orders");
    fireEvent.click(menuButton());
    expect(backdrop()).toBeNull();
    expect(menuPanel().classList.contains("show")).toBe(false);
    expect(screen.getByRole("link", { name: "My Orders" }).getAttribute("aria-current")).toBe("page");
  });
});
