import type { AdminCompanyList, AdminCompanyRow } from "@agency/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { companiesPage as t } from "../../lib/messages/admin-companies";
import { stubScreenWidth } from "../../test/browser-apis";
import { fakeApi } from "../../test/fake-api";
import { renderWithProviders } from "../../test/render-with-providers";
import Companies from "./companies";

const id = (n: number) => `6f1c2a3b-0000-4000-8000-00000000${String(n).padStart(4, "0")}`;

function company(n: number, name: string, overrides: Partial<AdminCompanyRow> = {}): AdminCompanyRow {
  return {
    id: id(n),
    name,
    billingEmail: `accounts@${name.split(" ")[0]?.toLowerCase()}.example`,
    vatId: null,
    people: 1,
    orders: 2,
    ...overrides,
  };
}

const acme = company(1, "Acme Widgets Ltd", { vatId: "GB123456789", people: 3, orders: 12 });
const blue = company(2, "Blue Fern Studio");
const zeta = company(3, "Zeta Foods");

/** Acme and Blue on the first page, Zeta after the cursor "page-2"; Acme alone for "acme". */
function stubServer() {
  return fakeApi({
    "GET /api/admin/companies": ({ query }): AdminCompanyList => {
      if (query.get("q") === "acme") return { companies: [acme], nextCursor: null };
      if (query.get("q")) return { companies: [], nextCursor: null };
      if (query.get("cursor") === "page-2") return { companies: [zeta], nextCursor: null };
      return { companies: [acme, blue], nextCursor: "page-2" };
    },
  });
}

function show() {
  return renderWithProviders(
    <MemoryRouter>
      <Companies />
    </MemoryRouter>,
  );
}

afterEach(() => window.history.replaceState(null, "", "/"));

describe("the Companies page", () => {
  it("lists each company with its billing e-mail, VAT ID, people and orders, linked to its page", async () => {
    stubScreenWidth(1280);
    stubServer();
    show();
    const link = await screen.findByRole("link", { name: t.open("Acme Widgets Ltd") });
    expect(link.getAttribute("href")).toBe(`/dashboard/admin/companies/${acme.id}`);
    const row = link.closest("tr") as HTMLElement;
    expect([...row.querySelectorAll("td")].map((cell) => cell.textContent)).toEqual([
      "Acme Widgets Ltd",
      "accounts@acme.example",
      "GB123456789",
      "3",
      "12",
    ]);
    expect(
      within(
        screen.getByRole("link", { name: t.open("Blue Fern Studio") }).closest("tr") as HTMLElement,
      ).getByText("—"),
    ).toBeTruthy();
  });

  it("shows cards, not a table, on a phone", async () => {
    stubScreenWidth(390);
    stubServer();
    show();
    await screen.findByRole("link", { name: t.open("Acme Widgets Ltd") });
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
  });

  it("searches on the server, keeps the search in the address, and says when nothing matches", async () => {
    stubScreenWidth(1280);
    const api = stubServer();
    show();
    await screen.findByText("Blue Fern Studio");
    fireEvent.change(screen.getByRole("searchbox", { name: t.search }), { target: { value: "acme" } });
    await waitFor(() => expect(api.urls()).toContain("/api/admin/companies?q=acme"));
    await waitFor(() => expect(screen.queryByText("Blue Fern Studio")).toBeNull());
    expect(window.location.search).toBe("?q=acme");
    fireEvent.change(screen.getByRole("searchbox", { name: t.search }), { target: { value: "nobody" } });
    expect(await screen.findByText(t.noMatch)).toBeTruthy();
  });

  it("turns the page with the list's cursor, and back", async () => {
    stubScreenWidth(1280);
    const api = stubServer();
    show();
    await screen.findByText("Blue Fern Studio");
    fireEvent.click(screen.getByRole("button", { name: t.next }));
    expect(await screen.findByText("Zeta Foods")).toBeTruthy();
    expect(api.urls()).toContain("/api/admin/companies?cursor=page-2");
    expect(screen.getByRole("button", { name: t.next }).hasAttribute("disabled")).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: t.previous }));
    expect(await screen.findByText("Acme Widgets Ltd")).toBeTruthy();
  });
});
