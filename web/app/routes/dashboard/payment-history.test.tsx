import type { Payment } from "@agency/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { orderPaymentTexts, receiptPage } from "../../lib/messages";
import { fakeApi } from "../../test/fake-api";
import { renderRoute } from "../../test/render-route";
import PaymentHistory from "./payment-history";

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

function payment(overrides: Partial<Payment>): Payment {
  return {
    _id: crypto.randomUUID(),
    orderId: crypto.randomUUID(),
    orderNumber: 1001,
    email: "ada@example.com",
    transactionId: "pi_test_1",
    paymentTime: "2026-03-04T10:00:00.000Z",
    currentPrice: 99,
    currency: "usd",
    service: "Premium",
    serviceDuration: "monthly",
    provider: "test",
    periodStart: null,
    periodEnd: null,
    renewal: false,
    receiptId: null,
    receiptNumber: null,
    receiptKind: null,
    refundReason: null,
    ...overrides,
  };
}

describe("payment history", () => {
  it("links each payment to its receipt", async () => {
    const receiptId = "0b7c1d2e-1111-4222-8333-944455556666";
    fakeApi({
      "GET /api/auth/get-session": session,
      "GET /api/payment-history/:email": [
        payment({ orderNumber: 1002, transactionId: "pi_test_2", receiptId }),
        payment({ orderNumber: 1001, transactionId: "pi_test_1" }),
      ],
    });
    renderRoute("/dashboard/payment-history", PaymentHistory, "/dashboard/payment-history");

    const links = await screen.findAllByRole("link", { name: /^Receipt/ });
    expect(links.map((link) => [link.getAttribute("aria-label"), link.getAttribute("href")])).toEqual([
      [receiptPage.linkFor("#1002"), `/dashboard/receipts/${receiptId}`],
    ]);
    // A payment recorded without a receipt has no link to one.
    expect(screen.getByText("pi_test_1")).toBeTruthy();
  });

  it("shows a refund as a negative amount with the reason the agency gave", async () => {
    fakeApi({
      "GET /api/auth/get-session": session,
      "GET /api/payment-history/:email": [
        payment({ transactionId: "re_test_1", currentPrice: -12.5, refundReason: "Late delivery" }),
        payment({ transactionId: "pi_test_1" }),
      ],
    });
    renderRoute("/dashboard/payment-history", PaymentHistory, "/dashboard/payment-history");
    expect(await screen.findByText("re_test_1")).toBeTruthy();
    expect(screen.getByText("-$12.50")).toBeTruthy();
    expect(screen.getByText(orderPaymentTexts.reason("Late delivery"))).toBeTruthy();
  });

  it("names a refund's document a credit note with its number, and a payment's a receipt", async () => {
    const noteId = "1c8d2e3f-2222-4333-8444-a55566667777";
    const receiptId = "0b7c1d2e-1111-4222-8333-944455556666";
    fakeApi({
      "GET /api/auth/get-session": session,
      "GET /api/payment-history/:email": [
        payment({
          transactionId: "re_test_1",
          currentPrice: -12.5,
          refundReason: "Late delivery",
          receiptId: noteId,
          receiptNumber: "CN-2026-0001",
          receiptKind: "credit_note",
        }),
        payment({ receiptId, receiptNumber: "R-2026-00042", receiptKind: "receipt" }),
      ],
    });
    renderRoute("/dashboard/payment-history", PaymentHistory, "/dashboard/payment-history");
    const note = await screen.findByRole("link", { name: receiptPage.creditNoteLinkFor("#1001") });
    expect(note.textContent).toBe("Credit note CN-2026-0001");
    expect(note.getAttribute("href")).toBe(`/dashboard/receipts/${noteId}`);
    const paid = screen.getByRole("link", { name: receiptPage.linkFor("#1001") });
    expect(paid.textContent).toBe("Receipt R-2026-00042");
  });
});
