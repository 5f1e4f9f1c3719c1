import type { Receipt } from "@agency/contract";
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { formatDate } from "../../lib/dates";
import { receiptPage as t } from "../../lib/messages";
import { apiFailure, fakeApi } from "../../test/fake-api";
import { renderRoute } from "../../test/render-route";
import ReceiptPage from "./receipt";

const receipt: Receipt = {
  _id: "0b7c1d2e-1111-4222-8333-944455556666",
  number: "R-2026-00042",
  kind: "receipt",
  paymentId: "p1",
  orderId: "o1",
  orderNumber: 1007,
  amount: 120,
  issuedAt: "2026-03-04T10:00:00.000Z",
  seller: {
    name: "Northwind Digital",
    address: ["1 Market Street", "San Francisco 94105", "United States"],
    email: "hello@northwind.test",
    phone: "+1 555 0100",
    logo: "/images/logo.svg",
    taxId: "US-99-1234567",
  },
  customer: { name: "Ada Lovelace", email: "ada@example.com" },
  buyer: {
    company: "Analytical Engines Ltd",
    address: ["12 Dorset Street", "London W1U 4EH"],
    vatId: "GB123456789",
  },
  service: "Premium",
  serviceDuration: "yearly",
  period: { start: "2026-03-04T09:59:00.000Z", end: "2027-03-04T09:59:00.000Z" },
  lines: [
    { description: "Premium plan (yearly)", quantity: 1, unitPrice: 110, amount: 110 },
    { description: "Quarterly review", quantity: 1, unitPrice: 40, amount: 40 },
  ],
  listPrice: 150,
  discount: 30,
  promoCode: "SPRING20",
  refundReason: null,
  credits: null,
  tax: 20,
  taxRatePercent: 20,
  currency: "usd",
  provider: "test",
  transactionId: "pi_test_123",
  card: { brand: "visa", last4: "4242" },
  paidAt: "2026-03-04T09:59:00.000Z",
};

function openReceipt() {
  return renderRoute("/dashboard/receipts/:id", ReceiptPage, `/dashboard/receipts/${receipt._id}`);
}

describe("the receipt page", () => {
  it("shows the seller, customer, each line, period, discount, amount, tax, card and number, with print and PDF", async () => {
    const api = fakeApi({ "GET /api/receipts/:id": receipt });
    const print = vi.fn();
    vi.stubGlobal("print", print);
    openReceipt();

    expect(await screen.findByRole("heading", { name: t.title, level: 1 })).toBeTruthy();
    expect(api.urls()).toContain(`/api/receipts/${receipt._id}`);
    expect(screen.getByText("R-2026-00042")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Northwind Digital" }).getAttribute("src")).toBe(
      "/images/logo.svg",
    );
    expect(screen.getByText("1 Market Street")).toBeTruthy();
    expect(screen.getByText(`${t.taxId}: US-99-1234567`, { exact: false })).toBeTruthy();
    expect(screen.getByText("Ada Lovelace")).toBeTruthy();
    // The client company as it printed when the receipt was issued.
    expect(screen.getByText("Analytical Engines Ltd")).toBeTruthy();
    expect(screen.getByText("London W1U 4EH")).toBeTruthy();
    expect(screen.getByText("VAT ID: GB123456789")).toBeTruthy();
    expect(screen.getByText("Premium plan (yearly)")).toBeTruthy();
    expect(screen.getByText(t.forOrder("#1007"))).toBeTruthy();
    expect(screen.getByText("$110.00")).toBeTruthy();
    expect(screen.getByText("Quarterly review")).toBeTruthy();
    expect(screen.getByText("$40.00")).toBeTruthy();
    expect(screen.getByText(t.discount("SPRING20"))).toBeTruthy();
    expect(screen.getByText("-$30.00")).toBeTruthy();
    expect(screen.getByText("$120.00")).toBeTruthy();
    expect(screen.getByText(t.period)).toBeTruthy();
    expect(
      screen.getByText(
        t.periodRange(formatDate(receipt.period?.start ?? ""), formatDate(receipt.period?.end ?? "")),
      ),
    ).toBeTruthy();
    expect(screen.getByText(t.taxIncluded(20))).toBeTruthy();
    expect(screen.getByText("$20.00")).toBeTruthy();
    expect(screen.getByText(t.card("visa", "4242"))).toBeTruthy();
    expect(screen.getByText("pi_test_123")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: t.print }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("link", { name: t.downloadPdf }).getAttribute("href")).toBe(
      `/api/receipts/${receipt._id}/pdf`,
    );
  });

  it("shows a refund's receipt as a credit note: its number, the receipt it credits, what was given back, where to, when and why", async () => {
    const creditNote: Receipt = {
      ...receipt,
      _id: "1c8d2e3f-2222-4333-8444-a55566667777",
      number: "CN-2026-0001",
      kind: "credit_note",
      credits: { _id: receipt._id, number: "R-2026-00042" },
      amount: -40,
      period: null,
      lines: [{ description: "Premium plan (yearly)", quantity: 1, unitPrice: -40, amount: -40 }],
      listPrice: -40,
      discount: 0,
      promoCode: null,
      refundReason: "Late delivery",
      tax: -6.67,
      card: null,
    };
    fakeApi({ "GET /api/receipts/:id": creditNote });
    openReceipt();

    expect(await screen.findByRole("heading", { name: t.creditNoteTitle, level: 1 })).toBeTruthy();
    expect(screen.getByText(t.creditNoteNumber)).toBeTruthy();
    expect(screen.getByText("CN-2026-0001")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Credits receipt R-2026-00042" }).getAttribute("href")).toBe(
      `/dashboard/receipts/${receipt._id}`,
    );
    expect(screen.getByText(t.totalRefunded("usd"))).toBeTruthy();
    expect(screen.queryByText(t.total("usd"))).toBeNull();
    expect(screen.getByText(t.refundedTo)).toBeTruthy();
    expect(screen.getByText(t.refundedOn)).toBeTruthy();
    expect(screen.getByText(t.reason)).toBeTruthy();
    expect(screen.getByText("Late delivery")).toBeTruthy();
  });

  it("shows the server's reason when the receipt cannot be opened", async () => {
    fakeApi({ "GET /api/receipts/:id": apiFailure(404, "not_found", "The receipt was not found.") });
    openReceipt();

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(t.loadFailed);
    expect(alert.textContent).toContain("The receipt was not found.");
    expect(screen.queryByRole("button", { name: t.print })).toBeNull();
  });
});
