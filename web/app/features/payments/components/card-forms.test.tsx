import type { Order, PaymentIntent } from "@agency/contract";
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { errorAlert } from "../../../lib/alerts";
import { paymentMessages as t } from "../../../lib/messages";
import { createQueryClient } from "../../../lib/query-client";
import { apiFailure, fakeApi } from "../../../test/fake-api";
import { useOrderPayer } from "../use-pay-flow";
import StripeCardForm from "./stripe-card-form";
import { TestCardForm } from "./test-card-form";

// Stripe.js stubbed: Elements renders its children, the card field is a plain box, and the
// confirmation answers as the test below tells it to.
const confirmCardPayment = vi.fn();
vi.mock("@stripe/stripe-js", () => ({ loadStripe: vi.fn(async () => ({})) }));
vi.mock("@stripe/react-stripe-js", () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  CardElement: () => <div data-testid="card-element" />,
  useStripe: () => ({ confirmCardPayment }),
  useElements: () => ({ getElement: () => ({}) }),
}));
vi.mock("../../../lib/alerts", () => ({ errorAlert: vi.fn(async () => undefined) }));

const order: Order = {
  _id: "0a1b2c3d4e5f60718293a4b5",
  number: 1001,
  email: "ada@example.com",
  name: "Ada",
  service: "Premium",
  serviceId: "p1",
  serviceDuration: "monthly",
  currentPrice: 99,
  currency: "usd",
  currentDate: "2026-11-01T00:00:00.000Z",
  phone: "0123456789",
  paid: false,
  transactionId: null,
  paymentTime: null,
  subscription: null,
  state: null,
  period: null,
};

function intent(provider: "stripe" | "test"): PaymentIntent {
  return {
    clientSecret: "pi_1_secret_2",
    paymentIntentId: "pi_1",
    provider,
    publishableKey: provider === "stripe" ? "pk_test_1" : null,
    amount: 99,
    currency: "usd",
  };
}

function StripePage() {
  return <StripeCardForm payer={useOrderPayer(order)} intent={intent("stripe")} />;
}

function TestCardPage() {
  return <TestCardForm payer={useOrderPayer(order)} intent={intent("test")} />;
}

function HistoryPage() {
  return <p>History</p>;
}

function renderPage(Page: () => ReactNode) {
  const Stub = createRoutesStub([
    { path: "/dashboard/payment/:_id", Component: Page },
    { path: "/dashboard/payment-history", Component: HistoryPage },
  ]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Stub initialEntries={[`/dashboard/payment/${order._id}`]} />
    </QueryClientProvider>,
  );
}

const payButton = () => screen.getByRole("button", { name: t.pay("$99.00") });

beforeEach(() => {
  confirmCardPayment.mockReset();
  vi.mocked(errorAlert).mockClear();
});

describe("card forms", () => {
  it("Stripe: a declined card shows the provider's message in 'Payment Failed ' and records nothing", async () => {
    confirmCardPayment.mockResolvedValue({
      error: { type: "card_error", code: "card_declined", message: "Your card was declined." },
    });
    const api = fakeApi();
    renderPage(StripePage);
    fireEvent.click(payButton());
    await waitFor(() => expect(errorAlert).toHaveBeenCalledWith(t.failedTitle, "Your card was declined."));
    expect(confirmCardPayment).toHaveBeenCalledWith("pi_1_secret_2", {
      payment_method: { card: {}, billing_details: { name: "Ada", email: "ada@example.com" } },
    });
    expect(api.calls).toEqual([]);
    expect(payButton().hasAttribute("disabled")).toBe(false);
  });

  it("test card: the provider's refusal reaches 'Payment Failed ' the same way", async () => {
    const api = fakeApi({
      "POST /api/payments/test/confirm": apiFailure(
        422,
        "unprocessable",
        "Your card has insufficient funds.",
      ),
    });
    renderPage(TestCardPage);
    fireEvent.change(screen.getByLabelText(t.cardNumber), { target: { value: "4000 0000 0000 9995" } });
    fireEvent.change(screen.getByLabelText(t.expiry), { target: { value: "12/34" } });
    fireEvent.change(screen.getByLabelText(t.cvc), { target: { value: "123" } });
    fireEvent.click(payButton());
    await waitFor(() =>
      expect(errorAlert).toHaveBeenCalledWith(t.failedTitle, "Your card has insufficient funds."),
    );
    expect(api.calls).toHaveLength(1);
  });
});
