import { builtInRoles, type UserList, type UserSummary } from "@agency/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { usersPage as t } from "../../lib/messages";
import { stubScreenWidth } from "../../test/browser-apis";
import { fakeApi } from "../../test/fake-api";
import { renderWithProviders } from "../../test/render-with-providers";
import AllUsers from "./all-users";

function account(i: number, role: "admin" | null = null): UserSummary {
  return {
    _id: `user-${i}`,
    email: `person-${i}@example.com`,
    displayName: `Person ${i}`,
    role,
    createdAt: "2026-03-04T10:00:00.000Z",
  };
}

/** Every account on the first call; Person 7 for a search of "person-7"; nobody for "zz". */
function stubServer() {
  stubScreenWidth(1280);
  return fakeApi({
    "GET /api/users": ({ query }): UserList => {
      const q = query.get("q");
      const users = q === "person-7" ? [account(7)] : q ? [] : [account(1, "admin"), account(2), account(7)];
      return {
        users,
        total: 3,
        nextCursor: null,
        previousCursor: null,
        ...(q ? { matches: { count: users.length, more: false } } : {}),
      };
    },
  });
}

afterEach(() => window.history.replaceState(null, "", "/"));

describe("All Users' search and role filter", () => {
  it("searches on the server once typing pauses, and keeps the search in the address", async () => {
    const api = stubServer();
    renderWithProviders(<AllUsers />);
    await screen.findByText("person-2@example.com");
    const box = screen.getByRole("searchbox", { name: t.search });
    fireEvent.change(box, { target: { value: "person" } });
    fireEvent.change(box, { target: { value: "person-7" } });
    await waitFor(() => expect(api.urls()).toContain("/api/users?page=0&q=person-7&size=20"));
    // The pause was after the last key: the half-typed text was never asked for.
    expect(api.urls().some((url) => url.includes("q=person&"))).toBe(false);
    await waitFor(() => expect(screen.queryByText("person-2@example.com")).toBeNull());
    expect(screen.getByText("person-7@example.com")).toBeTruthy();
    expect(window.location.search).toBe("?q=person-7");
  });

  it("says no user matches when the search finds nobody", async () => {
    stubServer();
    renderWithProviders(<AllUsers />);
    await screen.findByText("person-2@example.com");
    fireEvent.change(screen.getByRole("searchbox", { name: t.search }), { target: { value: "zz" } });
    expect(await screen.findByText(t.noMatch)).toBeTruthy();
  });

  it("starts from the address's search and role, and filters by role from the first page", async () => {
    window.history.replaceState(null, "", "/dashboard/admin?role=admin");
    const api = stubServer();
    renderWithProviders(<AllUsers />);
    await screen.findByText("person-1@example.com");
    expect(api.urls()).toContain("/api/users?page=0&role=admin&size=20");
    expect(screen.getByRole("button", { name: t.admin }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: t.customer }));
    await waitFor(() => expect(api.urls()).toContain("/api/users?page=0&role=customer&size=20"));
    expect(window.location.search).toBe("?role=customer");
  });
});

describe("All Users' deleted accounts", () => {
  it("never offers to make a deleted account an admin", async () => {
    stubScreenWidth(1280);
    const deleted: UserSummary = {
      _id: "user-gone",
      email: "deleted-0b9c@deleted.invalid",
      displayName: "Deleted customer",
      role: null,
      createdAt: "2026-03-04T10:00:00.000Z",
    };
    const list: UserList = { users: [account(2), deleted], total: 2, nextCursor: null, previousCursor: null };
    fakeApi({ "GET /api/users": list, ...signedIn("owner") });
    renderWithProviders(<AllUsers />);
    const rowOf = (text: string) => screen.getByText(text).closest("tr") as HTMLElement;
    await screen.findByText(deleted.email);
    expect(within(rowOf(deleted.email)).queryByRole("button", { name: t.makeAdmin })).toBeNull();
    expect(within(rowOf(deleted.email)).getByText(t.deletedAccount)).toBeTruthy();
    expect(
      await within(rowOf("person-2@example.com")).findByRole("button", { name: t.makeAdmin }),
    ).toBeTruthy();
  });

  it("offers Make an Admin to the owner only: an Admin sees no button", async () => {
    stubScreenWidth(1280);
    const list: UserList = { users: [account(3)], total: 1, nextCursor: null, previousCursor: null };
    fakeApi({ "GET /api/users": list, ...signedIn("admin") });
    renderWithProviders(<AllUsers />);
    await screen.findByText("person-3@example.com");
    expect(screen.queryByRole("button", { name: t.makeAdmin })).toBeNull();
  });
});

describe("All Users' roles", () => {
  it("calls the Owner 'Owner', with no button to take their access", async () => {
    stubScreenWidth(1280);
    const owner = { ...account(1, "admin"), teamRole: "owner" };
    const list: UserList = {
      users: [owner, { ...account(2, "admin"), teamRole: "admin" }],
      total: 2,
      nextCursor: null,
      previousCursor: null,
    };
    fakeApi({ "GET /api/users": list, ...signedIn("owner") });
    renderWithProviders(<AllUsers />);
    const rowOf = (email: string) => screen.getByText(email).closest("tr") as HTMLElement;
    await screen.findByText("person-1@example.com");
    await within(rowOf("person-2@example.com")).findByRole("button", { name: t.removeAdmin });
    expect(within(rowOf("person-1@example.com")).getByText(t.owner)).toBeTruthy();
    expect(within(rowOf("person-1@example.com")).queryByRole("button")).toBeNull();
    expect(within(rowOf("person-2@example.com")).getByText(t.admin)).toBeTruthy();
  });
});

/** The session and admin status of a member with this built-in role. */
function signedIn(role: "owner" | "admin") {
  return {
    "GET /api/auth/get-session": {
      user: {
        id: `${role}-1`,
        name: role,
        email: `${role}@shop.test`,
        emailVerified: true,
        role,
        createdAt: "2026-01-01T00:00:00.000Z",
      },
      session: { id: "session-1", expiresAt: "2030-01-01T00:00:00.000Z" },
    },
    "GET /api/admin/:email": { admin: true, role, permissions: [...builtInRoles[role].permissions] },
  };
}
