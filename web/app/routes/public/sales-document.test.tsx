import type { CustomerSalesDocument } from "@agency/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { paymentMessages, salesCustomerPage as t } from "../../lib/messages";
import { payByCard, payByTransfer, salesOptions, salesSigning } from "../../lib/messages/invoice-payments";
import { stubScreenWidth } from "../../test/browser-apis";
import { fakeApi } from "../../test/fake-api";
import { renderRoute } from "../../test/render-route";
import { sentQuote } from "../../test/sales-fixture";
import SalesDocumentPage from "./sales-document";

const token = "tok_abcdefghijklmnopqrstuvwxyz";

const quote = { ...sentQuote, terms: null, canAccept: true, canPay: false } as CustomerSalesDocument;

function openQuote(document: CustomerSalesDocument = quote) {
  return fakeApi({
    "GET /api/auth/get-session": {
      user: {
        id: "u1",
        name: "Ada Lovelace",
        email: "ada@example.com",
        emailVerified: true,
        role: "customer",
        createdAt: "2026-01-01T00:00:00.000Z",
      },
      session: { id: "session-1", expiresAt: "2030-01-01T00:00:00.000Z" },
    },
    "GET /api/sales/:token": document,
    "POST /api/sales/:token/accept": {
      ...document,
      state: "accepted",
      canAccept: false,
      acceptedAt: "2026-03-02T10:00:00.000Z",
    },
  });
}

function showQuote(document: CustomerSalesDocument = quote) {
  const api = openQuote(document);
  renderRoute("/quotes/:token", SalesDocumentPage, `/quotes/${token}`);
  return api;
}

afterEach(() => vi.unstubAllGlobals());

describe("the client's quote page", () => {
  it("offers the quote as a PDF to download", async () => {
    showQuote();
    const link = await screen.findByRole("link", { name: t.downloadPdf });
    expect(link.getAttribute("href")).toBe(`/api/sales/${token}/pdf`);
    expect(link.hasAttribute("download")).toBe(true);
  });

  it("on a 390 px phone shows each line as a card with its amounts, and the total beneath", async () => {
    stubScreenWidth(390);
    showQuote();
    const lines = await screen.findByRole("list", { name: t.lines });
    expect(screen.queryByRole("table")).toBeNull();
    const cards = within(lines).getAllByRole("listitem");
    expect(cards).toHaveLength(2);
    expect(within(cards[1] as HTMLElement).getByText("$300.00")).toBeTruthy();
    expect(
      within(cards[1] as HTMLElement).getByText(`· ${t.recurs("monthly")}`, { exact: false }),
    ).toBeTruthy();
    expect(screen.getByTestId("sales-document-total").textContent).toBe("$1,500.00");
  });
});

describe("the client's invoice page", () => {
  const invoice = {
    ...quote,
    kind: "invoice",
    label: "INV-2026-0003",
    number: "INV-2026-0003",
    state: "viewed",
    validUntil: null,
    dueDate: "2026-04-15",
    canAccept: false,
    canPay: false,
    startsWork: false,
    amountPaid: 500,
    amountDue: 1000,
    terms: {
      dueInDays: 14,
      reference: "INV-2026-0003",
      bank: {
        accountName: "Agency GmbH",
        bankName: "Sparkasse",
        iban: "DE89 3704 0044 0532 0130 00",
        bic: "COBADEFFXXX",
        accountNumber: "",
        sortCode: "",
      },
    },
  } as CustomerSalesDocument;

  it("tells how to pay by transfer: what is still due, the reference and the account", async () => {
    showQuote(invoice);
    const transfer = await screen.findByRole("region", { name: payByTransfer.heading });
    expect(within(transfer).getByText("$1,000.00")).toBeTruthy();
    expect(within(transfer).getByText("INV-2026-0003")).toBeTruthy();
    expect(within(transfer).getByText("DE89 3704 0044 0532 0130 00")).toBeTruthy();
    expect(within(transfer).getByText("COBADEFFXXX")).toBeTruthy();
    expect(within(transfer).queryByText(payByTransfer.sortCode)).toBeNull();
    expect(screen.getByText(payByTransfer.paidSoFar("$500.00", "$1,000.00"))).toBeTruthy();
  });

  it("says nothing of a transfer once the invoice is paid", async () => {
    showQuote({ ...invoice, state: "paid", amountPaid: 1500, amountDue: 0 });
    expect(await screen.findByText(payByCard.paid, { exact: false })).toBeTruthy();
    expect(screen.queryByRole("region", { name: payByTransfer.heading })).toBeNull();
  });

  it("is paid by card on its own page: the card pays what is due, and the page shows it paid", async () => {
    const api = showQuote({ ...invoice, canPay: true });
    api.answer("POST /api/sales/:token/card", {
      clientSecret: "pi_test_1_secret_2",
      paymentIntentId: "pi_test_1",
      provider: "test",
      publishableKey: null,
      amount: 1000,
      currency: "usd",
    });
    api.answer("POST /api/payments/test/confirm", { status: "succeeded", paymentIntentId: "pi_test_1" });
    api.answer("POST /api/sales/:token/card/confirm", {
      ...invoice,
      state: "paid",
      amountPaid: 1500,
      amountDue: 0,
      canPay: false,
    });
    fireEvent.click(await screen.findByRole("button", { name: t.pay }));
    const card = await screen.findByRole("region", { name: payByCard.heading });
    fireEvent.change(within(card).getByLabelText(paymentMessages.cardNumber), {
      target: { value: "4242 4242 4242 4242" },
    });
    fireEvent.change(within(card).getByLabelText(paymentMessages.expiry), { target: { value: "12/34" } });
    fireEvent.change(within(card).getByLabelText(paymentMessages.cvc), { target: { value: "123" } });
    fireEvent.click(within(card).getByRole("button", { name: paymentMessages.pay("$1,000.00") }));
    expect(await screen.findByText(payByCard.paid, { exact: false })).toBeTruthy();
    expect(api.bodies("POST /api/sales/:token/card/confirm")).toEqual([{ transactionId: "pi_test_1" }]);
    expect(screen.queryByRole("region", { name: payByCard.heading })).toBeNull();
  });

  it("says nothing of a transfer when the agency gave no bank account", async () => {
    showQuote({ ...invoice, terms: { dueInDays: 14, reference: "INV-2026-0003", bank: null } });
    expect(await screen.findByText(payByTransfer.paidSoFar("$500.00", "$1,000.00"))).toBeTruthy();
    expect(screen.queryByRole("region", { name: payByTransfer.heading })).toBeNull();
  });
});

describe("a quote with an optional line", () => {
  const offered = {
    ...quote,
    lines: [
      ...quote.lines,
      {
        description: "Extra page",
        quantity: 1,
        unitPrice: 250,
        recurring: null,
        amount: 250,
        optional: true,
        chosen: false,
      },
    ],
  } as CustomerSalesDocument;

  it("lets the client tick it, the total following, and sign to accept with it", async () => {
    const api = showQuote(offered);
    const box = (await screen.findByRole("checkbox", {
      name: salesOptions.choose("Extra page"),
    })) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(screen.getByTestId("sales-document-total").textContent).toBe("$1,500.00");
    fireEvent.click(box);
    expect(screen.getByTestId("sales-document-total").textContent).toBe("$1,750.00");
    // Accepting is signing: a name and a tick, or it says what is missing and sends nothing.
    fireEvent.click(screen.getByRole("button", { name: t.accept }));
    expect(await screen.findByText(salesSigning.nameMissing)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(salesSigning.name), { target: { value: "Ada Lovelace" } });
    fireEvent.click(screen.getByRole("button", { name: t.accept }));
    expect(await screen.findByText(salesSigning.agreeMissing)).toBeTruthy();
    expect(api.callsTo("POST /api/sales/:token/accept")).toHaveLength(0);
    fireEvent.click(screen.getByLabelText(salesSigning.agree));
    fireEvent.click(screen.getByRole("button", { name: t.accept }));
    await waitFor(() =>
      expect(api.bodies("POST /api/sales/:token/accept")).toEqual([
        { options: [2], signature: { name: "Ada Lovelace", agree: true } },
      ]),
    );
  });
});
