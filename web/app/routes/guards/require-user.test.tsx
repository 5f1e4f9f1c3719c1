import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../lib/query-client";
import { queryKeys } from "../../lib/query-keys";
import { jsonResponse } from "../../test/render-with-providers";
import RequireUser from "./require-user";

const signedIn = {
  user: {
    id: "u1",
    name: "Ada",
    email: "ada@example.com",
    emailVerified: true,
    createdAt: "2026-01-01T00:00:00.000Z",
  },
  session: { id: "s1", expiresAt: "2026-12-01T00:00:00.000Z" },
};
const tooMany = () => jsonResponse({ message: "Too many requests. Please try again later." }, 429);

function DashboardPage() {
  return <p>My dashboard</p>;
}

function LoginPage() {
  return <p>Login page</p>;
}

function renderGuarded() {
  const queryClient = createQueryClient();
  const Stub = createRoutesStub([
    {
      Component: RequireUser,
      children: [{ path: "/dashboard", Component: DashboardPage }],
    },
    { path: "/login", Component: LoginPage },
  ]);
  render(
    <QueryClientProvider client={queryClient}>
      <Stub initialEntries={["/dashboard"]} />
    </QueryClientProvider>,
  );
  return queryClient;
}

describe("the signed-in guard", () => {
  it("tries a rate-limited first check again instead of sending the customer to /login", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(tooMany())
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValue(jsonResponse(signedIn));
    vi.stubGlobal("fetch", fetchMock);
    renderGuarded();
    expect(await screen.findByText("My dashboard", {}, { timeout: 6000 })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(screen.queryByText("Login page")).toBeNull();
  }, 10_000);

  it("keeps the last known session while later checks fail", async () => {
    const fetchMock = vi.fn().mockResolvedValueOnce(jsonResponse(signedIn)).mockResolvedValue(tooMany());
    vi.stubGlobal("fetch", fetchMock);
    const queryClient = renderGuarded();
    expect(await screen.findByText("My dashboard")).toBeTruthy();
    await act(() => queryClient.refetchQueries({ queryKey: queryKeys.session }));
    expect(fetchMock.mock.calls.length).toBeGreaterThan(1);
    expect(screen.getByText("My dashboard")).toBeTruthy();
    expect(screen.queryByText("Login page")).toBeNull();
  });

  it("sends a visitor the server reports signed out to /login", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse(null)),
    );
    renderGuarded();
    expect(await screen.findByText("Login page")).toBeTruthy();
  });
});
