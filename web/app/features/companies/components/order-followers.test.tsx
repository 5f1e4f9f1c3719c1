import type { Company } from "@agency/contract";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { orderFollowersTexts as t } from "../../../lib/messages/companies";
import { fakeApi } from "../../../test/fake-api";
import { renderWithProviders } from "../../../test/render-with-providers";
import { OrderFollowers } from "./order-followers";

const orderId = "0b7c1d2e-1111-4222-8333-944455556666";

const company = (people: Company["people"]): Company => ({
  id: "c1",
  name: "Acme",
  address: "",
  vatId: null,
  billingEmail: "cleo@acme.example",
  detailsGiven: true,
  people,
  yourRole: "member",
});
const cleo = { id: "u1", name: "Cleo Chief", email: "cleo@acme.example", role: "admin" as const };
const max = { id: "u2", name: "Max Manager", email: "max@acme.example", role: "member" as const };

describe("an order's followers", () => {
  it("show who gets the order's mails, and let a colleague follow it and stop", async () => {
    const api = fakeApi({
      "GET /api/company": company([cleo, max]),
      "GET /api/order/:id/followers": { following: false, followers: [{ id: "u1", name: "Cleo Chief" }] },
      "PUT /api/order/:id/following": {
        following: true,
        followers: [
          { id: "u1", name: "Cleo Chief" },
          { id: "u2", name: "Max Manager" },
        ],
      },
    });
    renderWithProviders(<OrderFollowers orderId={orderId} />);
    expect(await screen.findByText(t.notFollowing)).toBeTruthy();
    expect(screen.getByText(t.who("Cleo Chief"))).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: t.follow }));
    expect(await screen.findByText(t.following)).toBeTruthy();
    expect(screen.getByText(t.who("Cleo Chief, Max Manager"))).toBeTruthy();
    expect(screen.getByRole("button", { name: t.unfollow })).toBeTruthy();
    expect(api.callsTo("PUT /api/order/:id/following").map((call) => call.body)).toEqual([{ follow: true }]);
  });

  it("stays out of the page of someone alone in their company: they get every mail, as before", async () => {
    const api = fakeApi({ "GET /api/company": company([cleo]) });
    renderWithProviders(<OrderFollowers orderId={orderId} />);
    await waitFor(() => expect(api.callsTo("GET /api/company")).toHaveLength(1));
    expect(screen.queryByText(t.heading)).toBeNull();
    expect(api.callsTo("GET /api/order/:id/followers")).toEqual([]);
  });
});
