import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "../../lib/query-client";
import { queryKeys } from "../../lib/query-keys";
import { accountFailure, fakeApi, inTurn, networkDown } from "../../test/fake-api";
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
const tooMany = () => accountFailure(429, "Too many requests. Please try again later.");

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
    const api = fakeApi({ "GET /api/auth/get-session": inTurn(tooMany, networkDown, signedIn) });
    renderGuarded();
    expect(await screen.findByText("My dashboard", {}, { timeout: 6000 })).toBeTruthy();
    expect(api.calls).toHaveLength(3);
    expect(screen.queryByText("Login page")).toBeNull();
  }, 10_000);

  it("keeps the last known session while later checks fail", async () => {
    const api = fakeApi({ "GET /api/auth/get-session": inTurn(signedIn, tooMany) });
    const queryClient = renderGuarded();
    expect(await screen.findByText("My dashboard")).toBeTruthy();
    const refetch = queryClient.refetchQueries({ queryKey: queryKeys.session });
    // The check is refused, and refused again when it is tried a second later.
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(2), { timeout: 3000 });
    expect(screen.getByText("My dashboard")).toBeTruthy();
    expect(screen.queryByText("Login page")).toBeNull();
    // No more tries after the test.
    await act(async () => {
      await queryClient.cancelQueries({ queryKey: queryKeys.session });
      await refetch;
    });
  });

  it("sends a visitor the server reports signed out to /login", async () => {
    fakeApi({ "GET /api/auth/get-session": null });
    renderGuarded();
    expect(await screen.findByText("Login page")).toBeTruthy();
  });
});
