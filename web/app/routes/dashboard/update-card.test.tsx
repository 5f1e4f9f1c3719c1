import type { Order } from "@agency/contract";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { paymentMessages, subscriptionTexts as t } from "../../lib/messages";
import { fakeApi } from "../../test/fake-api";
import { renderRoute } from "../../test/render-route";
import UpdateCard from "./update-card";

const session = {
  user: {
    id: "u1",
    name: "Ada",
    email: "ada@example.com",
    emailVerified: true,
    createdAt: "2026-01-01T00:00:00.000Z",
  },
  session: { id: "s1", expiresAt: "2026-12-01T00:00:00.000Z" },
};

const subscriptionId = "5f1c2d3e-1111-4222-8333-944455556666";
const subscription = {
  _id: subscriptionId,
  orderId: "o1",
  status: "past_due" as const,
  interval: "monthly" as const,
  currentPeriodStart: "2026-10-23T10:00:00.000Z",
  currentPeriodEnd: "2026-11-23T10:00:00.000Z",
  nextAttemptAt: "2026-11-24T10:00:00.000Z",
  endedAt: null,
  lastError: "Your card was declined.",
  card: { brand: "visa", last4: "0341" },
};
const order: Order = {
  _id: "o1",
  number: 1001,
  email: "ada@example.com",
  name: "Ada",
  service: "Standard",
  serviceId: "p1",
  serviceDuration: "monthly",
  currentPrice: 49,
  currency: "usd",
  currentDate: "2026-10-23T09:00:00.000Z",
  phone: "0123456789",
  paid: true,
  transactionId: "pi_test_1",
  paymentTime: "2026-10-23T10:00:00.000Z",
  subscription,
  state: "submitted",
  period: { number: 1, startedAt: "2026-10-23T10:00:00.000Z" },
};

function stubServer(cardLink: string | null) {
  return fakeApi({
    "GET /api/auth/get-session": session,
    "GET /api/subscriptions/:id/card-link": { url: cardLink },
    "POST /api/subscriptions/:id/card": { ...subscription, status: "active", lastError: null },
    "GET /api/order": [order],
  });
}

/** Where the customer lands once the card is saved. */
function MyOrdersStandIn() {
  return <h1>My Orders</h1>;
}

const path = "/dashboard/subscription/:_id/card";
const url = `/dashboard/subscription/${subscriptionId}/card`;

describe("update card", () => {
  it("takes a new test card, says why the renewal failed, and sends the card for the subscription", async () => {
    const api = stubServer(null);
    renderRoute(path, UpdateCard, url, [{ path: "/dashboard/my-orders", Component: MyOrdersStandIn }]);
    expect(await screen.findByText("Your card was declined.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(paymentMessages.cardNumber), {
      target: { value: "4242424242424242" },
    });
    fireEvent.change(screen.getByLabelText(paymentMessages.expiry), { target: { value: "12/34" } });
    fireEvent.change(screen.getByLabelText(paymentMessages.cvc), { target: { value: "123" } });
    fireEvent.click(screen.getByRole("button", { name: t.saveCard }));
    await waitFor(() => expect(api.callsTo("POST /api/subscriptions/:id/card")).toHaveLength(1));
    expect(api.bodies("POST /api/subscriptions/:id/card")[0]).toEqual({
      cardNumber: "4242424242424242",
      expiry: "12 / 34",
      cvc: "123",
    });
    // Saved, the customer is back on My Orders.
    expect(await screen.findByRole("heading", { name: "My Orders" })).toBeTruthy();
  });

  it("sends a Stripe customer to Stripe's page for the open invoice instead", async () => {
    stubServer("https://invoice.stripe.test/in_1");
    renderRoute(path, UpdateCard, url);
    const link = await screen.findByRole("link", { name: t.openStripe });
    expect(link.getAttribute("href")).toBe("https://invoice.stripe.test/in_1");
    expect(screen.queryByLabelText(paymentMessages.cardNumber)).toBeNull();
  });
});
