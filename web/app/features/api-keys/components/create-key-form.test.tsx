import { type ApiKeyRole, apiKeyMessages, type CreatedApiKey } from "@agency/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { apiKeysPage as t } from "../../../lib/messages";
import { apiFailure, fakeApi } from "../../../test/fake-api";
import { renderWithProviders } from "../../../test/render-with-providers";
import { CreateKeyForm } from "./create-key-form";

const roles: ApiKeyRole[] = [
  { key: "admin", name: "Admin" },
  { key: "staff", name: "Staff" },
  { key: "3f1d7c2e-0000-4000-8000-0000000000e1", name: "Bookkeepers" },
];
const key = `ak_live_${"Q".repeat(43)}`;

function created(body: { name: string; role: string; expiresAt?: string | null }): CreatedApiKey {
  return {
    id: "3f1d7c2e-0000-4000-8000-00000000a001",
    name: body.name,
    prefix: key.slice(0, 12),
    role: body.role,
    roleName: roles.find((role) => role.key === body.role)?.name ?? null,
    state: "active",
    reason: null,
    createdBy: "Olive Owner",
    createdAt: "2026-03-02T10:00:00.000Z",
    expiresAt: body.expiresAt ?? null,
    lastUsedAt: null,
    revokedAt: null,
    key,
  };
}

function make(name: string, role?: string, expiresOn?: string) {
  fireEvent.change(screen.getByLabelText(t.name), { target: { value: name } });
  if (role) fireEvent.change(screen.getByLabelText(t.role), { target: { value: role } });
  if (expiresOn) fireEvent.change(screen.getByLabelText(t.expires), { target: { value: expiresOn } });
  fireEvent.click(screen.getByRole("button", { name: t.create }));
}

describe("the form that makes an API key", () => {
  it("sends the name, role and last day, then shows the key once with a way to copy it", async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    const api = fakeApi({
      "POST /api/admin/api-keys": ({ body }) => created(body as { name: string; role: string }),
    });
    renderWithProviders(<CreateKeyForm roles={roles} />);
    const options = within(screen.getByLabelText(t.role)).getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["Admin", "Staff", "Bookkeepers"]);

    make("  Reporting ", "3f1d7c2e-0000-4000-8000-0000000000e1", "2099-12-31");
    const dialog = await screen.findByRole("dialog", { name: t.shownOnceTitle("Reporting") });
    expect(api.bodies("POST /api/admin/api-keys")).toEqual([
      {
        name: "Reporting",
        role: "3f1d7c2e-0000-4000-8000-0000000000e1",
        expiresAt: "2099-12-31T23:59:59.999Z",
      },
    ]);
    expect(within(dialog).getByText(t.shownOnceText)).toBeTruthy();
    expect((within(dialog).getByLabelText(t.keyLabel) as HTMLInputElement).value).toBe(key);

    fireEvent.click(within(dialog).getByRole("button", { name: t.copy }));
    expect(await within(dialog).findByRole("button", { name: t.copied })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(key);

    // Closed, the key is gone from the page for good, and the form is ready for another.
    fireEvent.click(within(dialog).getByRole("button", { name: t.done }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.body.innerHTML).not.toContain(key);
    expect((screen.getByLabelText(t.name) as HTMLInputElement).value).toBe("");
  });

  it("sends no expiry when none is chosen, and says so when copying is not allowed", async () => {
    vi.stubGlobal("navigator", {
      ...navigator,
      clipboard: { writeText: vi.fn(async () => Promise.reject(new Error("denied"))) },
    });
    const api = fakeApi({
      "POST /api/admin/api-keys": ({ body }) => created(body as { name: string; role: string }),
    });
    renderWithProviders(<CreateKeyForm roles={roles} />);
    make("Zapier");
    const dialog = await screen.findByRole("dialog", { name: t.shownOnceTitle("Zapier") });
    expect(api.bodies("POST /api/admin/api-keys")).toEqual([
      { name: "Zapier", role: "staff", expiresAt: null },
    ]);
    fireEvent.click(within(dialog).getByRole("button", { name: t.copy }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(t.copyFailed);
  });

  it("asks for a name before sending, and shows the server's word on the expiry", async () => {
    const api = fakeApi({
      "POST /api/admin/api-keys": apiFailure(400, "bad_request", "Invalid expiresAt: must be in the future", {
        expiresAt: apiKeyMessages.pastExpiry,
      }),
    });
    renderWithProviders(<CreateKeyForm roles={roles} />);
    make(" ");
    expect(await screen.findByText(apiKeyMessages.nameRequired)).toBeTruthy();
    expect(api.callsTo("POST /api/admin/api-keys")).toEqual([]);

    make("Late", undefined, "2030-01-01");
    expect(await screen.findByText(apiKeyMessages.pastExpiry)).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
