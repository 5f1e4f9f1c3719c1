import type { AuditEntry, AuditList, AuditVerification } from "@agency/contract";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { auditPage as t } from "../../lib/messages/audit";
import { stubScreenWidth } from "../../test/browser-apis";
import { type FakeApi, fakeApi } from "../../test/fake-api";
import { renderWithProviders } from "../../test/render-with-providers";
import AuditLog from "./audit-log";

function entry(id: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    at: "2026-03-04T10:00:00.000Z",
    actor: { type: "admin", id: "admin-1", label: "owner@example.com", email: "owner@example.com" },
    action: "user.role_changed",
    subject: { type: "user", id: `user-${id}`, label: null, email: `person-${id}@example.com` },
    before: { role: null },
    after: { role: "admin" },
    ...overrides,
  };
}

/** A server holding the audit log; `verification` is what the chain check answers. */
function stubServer(verification: AuditVerification = { ok: true, checked: 12 }) {
  stubScreenWidth(1280);
  const firstPage: AuditList = {
    entries: [
      entry(12),
      entry(11, {
        action: "plan.price_changed",
        subject: { type: "plan", id: "plan-1", label: "Premium (monthly)", email: null },
        before: { newPrice: 99 },
        after: { newPrice: 79 },
      }),
    ],
    nextCursor: "cursor-1",
    previousCursor: null,
  };
  const secondPage: AuditList = { entries: [entry(3)], nextCursor: null, previousCursor: "cursor-0" };
  return fakeApi({
    "GET /api/admin/audit/verify": verification,
    "GET /api/admin/audit": ({ query }) => (query.has("after") ? secondPage : firstPage),
  });
}

afterEach(() => window.history.replaceState(null, "", "/"));

const calls = (api: FakeApi) => api.urls();

describe("the audit log page", () => {
  it("lists who did what to which subject, with the change before and after", async () => {
    stubServer();
    renderWithProviders(<AuditLog />);
    expect(await screen.findByText("user person-12@example.com")).toBeTruthy();
    expect(screen.getAllByText("Admin: owner@example.com").length).toBe(2);
    expect(screen.getByText(t.actions["plan.price_changed"], { selector: "td" })).toBeTruthy();
    expect(screen.getByText("plan Premium (monthly)")).toBeTruthy();
    expect(screen.getByText("99 → 79")).toBeTruthy();
  });

  it("asks the server for the chosen action, search and days from the first page, and keeps them in the address", async () => {
    const api = stubServer();
    renderWithProviders(<AuditLog />);
    await screen.findByText("user person-12@example.com");
    fireEvent.change(screen.getByLabelText(t.action), { target: { value: "payment.refunded" } });
    await waitFor(() =>
      expect(calls(api)).toContain("/api/admin/audit?page=0&size=50&action=payment.refunded"),
    );
    fireEvent.change(screen.getByLabelText(t.from), { target: { value: "2026-03-01" } });
    fireEvent.change(screen.getByLabelText(t.to), { target: { value: "2026-03-31" } });
    fireEvent.change(screen.getByRole("searchbox", { name: t.search }), { target: { value: "owner@" } });
    await waitFor(() =>
      expect(calls(api)).toContain(
        "/api/admin/audit?page=0&size=50&action=payment.refunded&q=owner%40&from=2026-03-01&to=2026-03-31",
      ),
    );
    expect(Object.fromEntries(new URLSearchParams(window.location.search))).toEqual({
      action: "payment.refunded",
      q: "owner@",
      from: "2026-03-01",
      to: "2026-03-31",
    });
  });

  it("turns to the next page through the cursor the list gave", async () => {
    const api = stubServer();
    renderWithProviders(<AuditLog />);
    await screen.findByText("user person-12@example.com");
    fireEvent.click(screen.getByRole("button", { name: t.next }));
    await screen.findByText("user person-3@example.com");
    expect(calls(api)).toContain("/api/admin/audit?after=cursor-1&size=50");
    expect(screen.getByText(t.page(2))).toBeTruthy();
  });

  it("says the chain is intact, with how many entries were checked", async () => {
    stubServer({ ok: true, checked: 12 });
    renderWithProviders(<AuditLog />);
    fireEvent.click(screen.getByRole("button", { name: t.verify }));
    expect(await screen.findByText(t.intactDetail(12))).toBeTruthy();
    expect(screen.getByRole("status").textContent).toContain(t.intact);
  });

  it("names the row that was changed by hand", async () => {
    const reason = "Audit row 7 was changed: its hash does not match its contents.";
    stubServer({ ok: false, checked: 6, firstBadRow: 7, reason });
    renderWithProviders(<AuditLog />);
    fireEvent.click(screen.getByRole("button", { name: t.verify }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(t.broken);
    expect(alert.textContent).toContain(reason);
  });
});
