import type { BriefQuestion, OrderDetail } from "@agency/contract";

export const questions: BriefQuestion[] = [
  { _id: "q-website", label: "Your website", kind: "url", required: true },
  { _id: "q-goals", label: "Your goals", kind: "textarea", required: true },
  { _id: "q-notes", label: "Anything else", kind: "text", required: false },
];

/** A paid order waiting for its brief, as GET /order/{id} answers it. */
export function paidOrder(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    _id: "6f1c2a3b-0000-4000-8000-000000000001",
    number: 1001,
    email: "ada@example.com",
    name: "Ada",
    service: "Standard",
    serviceId: "6f1c2a3b-0000-4000-8000-0000000000aa",
    serviceDuration: "monthly",
    currentPrice: 49,
    currency: "usd",
    currentDate: "2026-11-23T09:00:00.000Z",
    phone: "0123456789",
    paid: true,
    transactionId: "pi_test_1",
    paymentTime: "2026-11-23T10:00:00.000Z",
    subscription: null,
    state: "submitted",
    history: [
      {
        from: null,
        state: "submitted",
        at: "2026-11-23T10:00:00.000Z",
        by: { name: "Ada", role: "customer" },
        note: null,
        files: [],
        period: 1,
      },
    ],
    brief: { questions, answers: null, submittedAt: null, carriedOver: false, confirmedAt: null },
    payments: [
      {
        _id: "6f1c2a3b-0000-4000-8000-0000000000b1",
        paidAt: "2026-11-23T10:00:00.000Z",
        amount: 49,
        refunded: 0,
        refundable: 49,
        periodStart: null,
        periodEnd: null,
        receiptId: null,
      },
    ],
    refunds: [],
    period: { number: 1, startedAt: "2026-11-23T10:00:00.000Z" },
    periods: [{ number: 1, startedAt: "2026-11-23T10:00:00.000Z" }],
    ...overrides,
  };
}
