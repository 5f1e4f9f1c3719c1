import type { Lead, LeadList } from "@agency/contract";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { adminPages as t } from "../../lib/messages";
import { stubScreenWidth } from "../../test/browser-apis";
import { type FakeApi, fakeApi } from "../../test/fake-api";
import { renderWithProviders } from "../../test/render-with-providers";
import Leads from "./leads";

function lead(i: number): Lead {
  return {
    _id: crypto.randomUUID(),
    kind: "contact",
    name: `Visitor ${i}`,
    email: `visitor-${i}@example.com`,
    website: null,
    message: `Message ${i}`,
    createdAt: "2026-03-04T10:00:00.000Z",
  };
}

/** A server holding 60 leads (three pages of 25): the first page, then the one after `cursor-1`. */
function stubServer() {
  stubScreenWidth(1280);
  const firstPage: LeadList = {
    leads: Array.from({ length: 25 }, (_, i) => lead(i + 1)),
    total: 60,
    nextCursor: "cursor-1",
    previousCursor: null,
  };
  const secondPage: LeadList = {
    leads: [lead(26)],
    total: 60,
    nextCursor: "cursor-2",
    previousCursor: "cursor-0",
  };
  return fakeApi({
    "GET /api/admin/leads": ({ query }) => (query.has("after") ? secondPage : firstPage),
  });
}

// The filters live in the address: each test starts from a bare one.
afterEach(() => window.history.replaceState(null, "", "/"));

const calls = (api: FakeApi) => api.urls();

describe("the leads page", () => {
  it("marks the pressed filter and asks the server for that kind from the first page", async () => {
    const api = stubServer();
    renderWithProviders(<Leads />);
    await screen.findByText("visitor-1@example.com");
    const all = screen.getByRole("button", { name: t.allKinds });
    const contact = screen.getByRole("button", { name: t.kinds.contact });
    expect(all.getAttribute("aria-pressed")).toBe("true");
    expect(contact.getAttribute("aria-pressed")).toBe("false");

    fireEvent.click(contact);
    await waitFor(() => expect(calls(api)).toContain("/api/admin/leads?page=0&size=25&kind=contact"));
    expect(screen.getByRole("button", { name: t.kinds.contact }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("button", { name: t.allKinds }).getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByRole("link", { name: t.exportCsv }).getAttribute("href")).toBe(
      "/api/admin/leads.csv?kind=contact",
    );
  });

  it("turns to the next page through the cursor the list gave, not by counting rows", async () => {
    const api = stubServer();
    renderWithProviders(<Leads />);
    await screen.findByText("visitor-1@example.com");
    fireEvent.click(screen.getByRole("button", { name: t.next }));
    await screen.findByText("visitor-26@example.com");
    expect(calls(api)).toContain("/api/admin/leads?after=cursor-1&size=25");
    expect(screen.getByText(t.page(2, 3))).toBeTruthy();
  });
});

describe("the leads page's search", () => {
  it("searches on the server once typing pauses, keeps it in the address and says when nothing matches", async () => {
    stubScreenWidth(1280);
    const empty: LeadList = { leads: [], total: 60, nextCursor: null, previousCursor: null };
    const full: LeadList = { leads: [lead(1)], total: 60, nextCursor: null, previousCursor: null };
    const api = fakeApi({ "GET /api/admin/leads": ({ query }) => (query.has("q") ? empty : full) });
    renderWithProviders(<Leads />);
    await screen.findByText("visitor-1@example.com");
    fireEvent.change(screen.getByRole("searchbox", { name: t.searchLeads }), { target: { value: "nobody" } });
    expect(await screen.findByText(t.noLeadsMatch)).toBeTruthy();
    expect(api.urls()).toContain("/api/admin/leads?page=0&size=25&q=nobody");
    expect(window.location.search).toBe("?q=nobody");
  });
});
