import { permissionLabels, permissions, roleMessages } from "@agency/contract";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { confirmAction } from "../../../lib/alerts";
import { teamPage as t } from "../../../lib/messages";
import { apiFailure, fakeApi } from "../../../test/fake-api";
import { renderWithProviders } from "../../../test/render-with-providers";
import { teamRoles } from "../test/team-fixtures";
import { RolesSection } from "./roles-section";

vi.mock("../../../lib/alerts", () => ({ confirmAction: vi.fn(async () => true) }));

const editorsKey = "3f1d7c2e-0000-4000-8000-0000000000e1";

function openRoles(extra: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ "GET /api/team/roles": { roles: teamRoles() }, ...extra });
  renderWithProviders(
    <>
      <h2 id="roles">{t.rolesHeading}</h2>
      <RolesSection labelledBy="roles" viewer={{ id: "owner-1", role: "owner", permissions }} />
    </>,
  );
  return api;
}

describe("the role editor", () => {
  it("shows the built-in roles with their permissions, and nothing to edit on them", async () => {
    openRoles();
    const editors = await screen.findByRole("form", { name: "Editors" });
    expect(within(editors).getByLabelText(t.roleName)).toBeTruthy();
    const list = screen.getByRole("list", { name: t.rolesHeading });
    const staff = within(list).getByText("Staff").closest("li") as HTMLElement;
    expect(within(staff).getByText(permissionLabels["orders.work"])).toBeTruthy();
    expect(within(staff).queryByRole("textbox")).toBeNull();
    expect(within(staff).queryByRole("button")).toBeNull();
    expect(screen.getAllByRole("form")).toHaveLength(1);
  });

  it("adds a role with its name and the permissions ticked, in the contract's order", async () => {
    const api = openRoles({
      "POST /api/team/roles": ({ body }) => ({
        key: "3f1d7c2e-0000-4000-8000-0000000000e2",
        builtIn: false,
        members: 0,
        ...(body as { name: string; permissions: [] }),
      }),
    });
    fireEvent.click(await screen.findByRole("button", { name: t.addRole }));
    const form = screen.getByRole("form", { name: t.addRole });
    fireEvent.change(within(form).getByLabelText(t.roleName), { target: { value: "Bookkeepers" } });
    fireEvent.click(within(form).getByLabelText(permissionLabels["audit.view"]));
    fireEvent.click(within(form).getByLabelText(permissionLabels["money.view"]));
    fireEvent.click(within(form).getByRole("button", { name: t.createRole }));

    expect(await screen.findByText(t.roleCreated("Bookkeepers"))).toBeTruthy();
    expect(api.bodies("POST /api/team/roles")).toEqual([
      { name: "Bookkeepers", permissions: ["money.view", "audit.view"] },
    ]);
  });

  it("asks for a name and a permission before sending, and shows the server's word on a taken name", async () => {
    const api = openRoles({
      "POST /api/team/roles": apiFailure(409, "conflict", roleMessages.nameTaken, {
        name: roleMessages.nameTaken,
      }),
    });
    fireEvent.click(await screen.findByRole("button", { name: t.addRole }));
    const form = screen.getByRole("form", { name: t.addRole });
    fireEvent.click(within(form).getByRole("button", { name: t.createRole }));
    expect(await within(form).findByText(roleMessages.nameRequired)).toBeTruthy();
    expect(within(form).getByText(roleMessages.permissionsRequired)).toBeTruthy();
    expect(api.callsTo("POST /api/team/roles")).toEqual([]);

    fireEvent.change(within(form).getByLabelText(t.roleName), { target: { value: "Editors" } });
    fireEvent.click(within(form).getByLabelText(permissionLabels["content.edit"]));
    fireEvent.click(within(form).getByRole("button", { name: t.createRole }));
    expect(await within(form).findByText(roleMessages.nameTaken)).toBeTruthy();
  });

  it("saves a custom role's new permissions and deletes it after asking", async () => {
    const api = openRoles({
      "PUT /api/team/roles/:key": ({ body }) => ({
        key: editorsKey,
        builtIn: false,
        members: 0,
        ...(body as { name: string; permissions: [] }),
      }),
      "DELETE /api/team/roles/:key": { deletedCount: 1 },
    });
    const form = await screen.findByRole("form", { name: "Editors" });
    fireEvent.click(within(form).getByLabelText(permissionLabels["catalog.edit"]));
    fireEvent.click(within(form).getByRole("button", { name: t.save }));
    expect(await screen.findByText(t.roleSaved("Editors"))).toBeTruthy();
    expect(api.bodies("PUT /api/team/roles/:key")).toEqual([
      { name: "Editors", permissions: ["catalog.edit", "content.edit"] },
    ]);

    fireEvent.click(within(form).getByRole("button", { name: t.deleteRole }));
    expect(await screen.findByText(t.roleDeleted("Editors"))).toBeTruthy();
    expect(confirmAction).toHaveBeenCalledWith(
      expect.objectContaining({ title: t.deleteRoleQuestion("Editors") }),
    );
    expect(api.callsTo("DELETE /api/team/roles/:key").map((call) => call.params.key)).toEqual([editorsKey]);
  });
});
