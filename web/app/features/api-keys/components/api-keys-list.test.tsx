import { type ApiKey, apiKeyStateReasons } from "@agency/contract";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { confirmAction } from "../../../lib/alerts";
import { formatDate, formatDateTime } from "../../../lib/dates";
import { apiKeysPage as t } from "../../../lib/messages";
import { fakeApi } from "../../../test/fake-api";
import { renderWithProviders } from "../../../test/render-with-providers";
import { ApiKeysList } from "./api-keys-list";

vi.mock("../../../lib/alerts", () => ({ confirmAction: vi.fn(async () => true) }));

function apiKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: "3f1d7c2e-0000-4000-8000-00000000a001",
    name: "Zapier",
    prefix: "ak_live_AbCd",
    role: "staff",
    roleName: "Staff",
    state: "active",
    reason: null,
    createdBy: "Olive Owner",
    createdAt: "2026-03-02T10:00:00.000Z",
    expiresAt: null,
    lastUsedAt: null,
    revokedAt: null,
    ...overrides,
  };
}

describe("the list of API keys", () => {
  it("shows each key's name, prefix, role, dates and state, and revokes one after asking", async () => {
    const used = apiKey({
      id: "3f1d7c2e-0000-4000-8000-00000000a002",
      name: "Reports",
      role: "3f1d7c2e-0000-4000-8000-0000000000e1",
      roleName: null,
      state: "role_deleted",
      reason: apiKeyStateReasons.role_deleted,
      expiresAt: "2099-12-31T23:59:59.999Z",
      lastUsedAt: "2026-03-03T08:30:00.000Z",
    });
    const api = fakeApi({
      "POST /api/admin/api-keys/:id/revoke": ({ params }) =>
        apiKey({ id: params.id, state: "revoked", revokedAt: "2026-03-04T00:00:00.000Z" }),
    });
    renderWithProviders(
      <>
        <h2 id="keys">{t.listHeading}</h2>
        <ApiKeysList
          labelledBy="keys"
          keys={[
            apiKey(),
            used,
            apiKey({ id: "x", name: "Old", state: "revoked", reason: apiKeyStateReasons.revoked }),
            apiKey({
              id: "y",
              name: "Orphan",
              state: "maker_removed",
              reason: apiKeyStateReasons.maker_removed,
            }),
          ]}
        />
      </>,
    );
    const rows = within(screen.getByRole("list", { name: t.listHeading })).getAllByRole("listitem");
    const zapier = within(rows[0] as HTMLElement);
    expect(zapier.getByText("ak_live_AbCd…")).toBeTruthy();
    expect(zapier.getAllByText(t.never)).toHaveLength(2);
    expect(zapier.getByText(t.states.active)).toBeTruthy();
    const reports = within(rows[1] as HTMLElement);
    expect(reports.getByText(t.deletedRole)).toBeTruthy();
    expect(reports.getByText(formatDate(used.expiresAt ?? ""))).toBeTruthy();
    expect(reports.getByText(formatDateTime(used.lastUsedAt ?? ""))).toBeTruthy();
    expect(reports.getByText(t.states.role_deleted)).toBeTruthy();
    expect(reports.getByText(apiKeyStateReasons.role_deleted)).toBeTruthy();
    expect(within(rows[2] as HTMLElement).queryByRole("button")).toBeNull();
    const orphan = within(rows[3] as HTMLElement);
    expect(orphan.getByText(t.states.maker_removed)).toBeTruthy();
    expect(orphan.getByText("Its maker was removed from the team")).toBeTruthy();

    fireEvent.click(zapier.getByRole("button", { name: `${t.revoke}: Zapier` }));
    expect(await screen.findByText(t.revokedDone("Zapier"))).toBeTruthy();
    expect(confirmAction).toHaveBeenCalledWith(
      expect.objectContaining({ title: t.revokeQuestion("Zapier") }),
    );
    expect(api.callsTo("POST /api/admin/api-keys/:id/revoke").map((call) => call.params.id)).toEqual([
      "3f1d7c2e-0000-4000-8000-00000000a001",
    ]);
  });
});
