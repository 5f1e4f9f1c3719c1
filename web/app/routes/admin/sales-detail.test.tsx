import type { AdminSalesDetail, InvoicePayments } from "@agency/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { salesCustomerPage } from "../../lib/messages";
import { invoicePaymentsPanel as p } from "../../lib/messages/invoice-payments";
import { fakeApi } from "../../test/fake-api";
import { renderRoute } from "../../test/render-route";
import { sentQuote } from "../../test/sales-fixture";
import SalesDetailPage from "./sales-detail";

const detail: AdminSalesDetail = {
  ...sentQuote,
  history: [],
  revisions: [{ _id: sentQuote._id, revision: 1, state: "viewed" }],
  hasAccount: true,
  link: "http://localhost/quotes/tok_abcdefghijklmnopqrstuvwxyz",
};

describe("the team's page of a quote", () => {
  it("offers the revision as a PDF to download", async () => {
    fakeApi({ "GET /api/admin/sales/:id": detail });
    renderRoute("/dashboard/admin/sales/:id", SalesDetailPage, `/dashboard/admin/sales/${detail._id}`);
    const link = await screen.findByRole("link", { name: salesCustomerPage.downloadPdf });
    expect(link.getAttribute("href")).toBe(`/api/admin/sales/${detail._id}/pdf`);
    expect(link.hasAttribute("download")).toBe(true);
  });
});

const invoice: AdminSalesDetail = {
  ...detail,
  _id: "7a1b2c3d-2222-4222-8333-944455556666",
  kind: "invoice",
  number: "INV-2026-0003",
  label: "INV-2026-0003",
  state: "sent",
  validUntil: null,
  dueDate: "2026-04-15",
  lines: [
    {
      description: "Audit",
      quantity: 1,
      unitPrice: 1500,
      recurring: null,
      amount: 1500,
      optional: false,
      chosen: false,
    },
  ],
  recurring: null,
  total: 1500,
  startsWork: false,
};

describe("the team's page of an invoice", () => {
  it("records a transfer received in part: the list, what is paid and what is still due", async () => {
    let state: InvoicePayments = { payments: [], amountPaid: 0, amountDue: 1500, currency: "usd" };
    const api = fakeApi({
      "GET /api/admin/sales/:id": invoice,
      "GET /api/admin/sales/:id/payments": () => state,
      "POST /api/admin/sales/:id/payments": (call) => {
        const body = call.body as { date: string; amount: number; reference: string };
        state = {
          payments: [
            {
              _id: "pay_1",
              date: body.date,
              amount: body.amount,
              currency: "usd",
              method: "bank_transfer",
              reference: body.reference,
              refundOf: null,
              refundReason: null,
              refundable: body.amount,
              receiptId: "rcpt_1",
              receiptNumber: "R-2026-0007",
              recordedBy: "Olive Owner",
            },
          ],
          amountPaid: body.amount,
          amountDue: 1500 - body.amount,
          currency: "usd",
        };
        return state;
      },
    });
    renderRoute("/dashboard/admin/sales/:id", SalesDetailPage, `/dashboard/admin/sales/${invoice._id}`);
    expect(await screen.findByText(p.none)).toBeTruthy();
    expect(screen.getByText(p.due("$1,500.00"))).toBeTruthy();
    const amount = screen.getByLabelText(`${p.record.amount} ($)`) as HTMLInputElement;
    // All that is due, unless changed.
    expect(amount.value).toBe("1,500.00");
    fireEvent.change(amount, { target: { value: "abc" } });
    fireEvent.click(screen.getByRole("button", { name: p.record.submit }));
    expect(await screen.findByText(/Enter an amount such as/)).toBeTruthy();
    expect(api.callsTo("POST /api/admin/sales/:id/payments")).toHaveLength(0);

    fireEvent.change(amount, { target: { value: "500" } });
    fireEvent.change(screen.getByLabelText(p.record.date), { target: { value: "2026-03-10" } });
    fireEvent.change(screen.getByLabelText(p.record.reference), { target: { value: "SEPA 42" } });
    fireEvent.click(screen.getByRole("button", { name: p.record.submit }));
    await waitFor(() =>
      expect(api.bodies("POST /api/admin/sales/:id/payments")).toEqual([
        { date: "2026-03-10", amount: 500, method: "bank_transfer", reference: "SEPA 42" },
      ]),
    );
    const list = await screen.findByRole("region", { name: p.heading });
    expect(await within(list).findByText(p.due("$1,000.00"))).toBeTruthy();
    expect(within(list).getByText("SEPA 42")).toBeTruthy();
    expect(within(list).getByText(p.recordedBy("Olive Owner"))).toBeTruthy();
    // Ready for the rest.
    expect((screen.getByLabelText(`${p.record.amount} ($)`) as HTMLInputElement).value).toBe("1,000.00");
  });

  it("shows no payment forms on a draft", async () => {
    const api = fakeApi({ "GET /api/admin/sales/:id": { ...invoice, state: "draft", number: null } });
    renderRoute("/dashboard/admin/sales/:id", SalesDetailPage, `/dashboard/admin/sales/${invoice._id}`);
    expect(await screen.findByRole("heading", { level: 1 })).toBeTruthy();
    expect(screen.queryByRole("button", { name: p.record.submit })).toBeNull();
    expect(api.callsTo("GET /api/admin/sales/:id/payments")).toHaveLength(0);
  });
});
