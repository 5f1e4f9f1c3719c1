import { formatMajorMoney } from "@agency/contract/money";
import { describe, expect, it } from "vitest";
import { readPdf } from "../server/test/pdf-text";
import {
  orderPaymentTexts,
  receiptPage,
  refundForm,
  salesCustomerPage,
  salesDetailPage,
  salesForm,
  salesPage,
} from "../web/app/lib/messages";
import { invoicePaymentsPanel, payByCard, salesWork } from "../web/app/lib/messages/invoice-payments";
import { signInAsOwner, signInContext } from "./support/accounts";
import { baseUrl, confirmDialog, open, screenshot, toast, useBrowser } from "./support/browser";
import { payWith } from "./support/checkout";
import { restoresShopCurrency } from "./support/currency";
import { expectRevenueThisMonth } from "./support/overview";
import { expectOnBoard, quoteLandingPage, takePaidQuote } from "./support/sales";

const browser = useBrowser();
const euros = (amount: number) => formatMajorMoney(amount, "eur", "de-DE");

const rememberCurrency = restoresShopCurrency();

describe("custom work sold in euros", () => {
  it("is quoted as 1.200,00 € with an optional 250,00 € the client ticks and signs for, paid by a transfer the owner records, worked on, 200 € refunded, exported, and invoiced for more, paid by transfer", async () => {
    const { page, context } = browser;
    await signInAsOwner(context);
    rememberCurrency((await (await context.request.get("/api/site/content")).json()).money);
    const changed = await context.request.put("/api/admin/site/currency", {
      data: { currency: "EUR", locale: "de-DE" },
      headers: { origin: baseUrl },
    });
    expect(changed.status()).toBe(200);
    const overview = async () =>
      ((await (await context.request.get("/api/admin/overview")).json()) as { revenueThisMonth: number })
        .revenueThisMonth;
    // Other journeys share this shop, so the month's revenue is compared with what it was before.
    const before = await overview();

    // The agency's account, which the quote's page gives for a transfer.
    const bank = await context.request.put("/api/admin/site/invoicing", {
      data: {
        paymentTermsDays: 14,
        bank: { accountName: "Agentur GmbH", iban: "DE89 3704 0044 0532 0130 00", bic: "COBADEFFXXX" },
      },
      headers: { origin: baseUrl },
    });
    expect(bank.status()).toBe(200);

    const { quoteId, client } = await quoteLandingPage(browser, {
      price: 1200,
      typed: "1.200,00",
      optional: { description: "Extra page", price: 250, typed: "250,00" },
      money: euros,
      symbol: "€",
      payBy: "transfer",
    });

    // The transfer arrives: the owner records it on the quote, which opens the work.
    await context.clearCookies();
    await signInAsOwner(context);
    await open(page, `/dashboard/admin/sales/${quoteId}`);
    const received = page.getByRole("form", { name: invoicePaymentsPanel.record.heading });
    expect(await received.getByLabel(`${invoicePaymentsPanel.record.amount} (€)`).inputValue()).toBe(
      "1.450,00",
    );
    await received.getByLabel(invoicePaymentsPanel.record.reference).fill("SEPA Angebot");
    await received.getByRole("button", { name: invoicePaymentsPanel.record.submit }).click();
    await toast(page, invoicePaymentsPanel.record.done(euros(1450))).waitFor();
    await page.getByText(invoicePaymentsPanel.due(euros(0))).waitFor();

    // The quote's PDF and its signed copy print the total with the chosen option.
    for (const path of ["pdf", "signed-pdf"]) {
      const file = await context.request.get(`/api/admin/sales/${quoteId}/${path}`);
      expect(file.status()).toBe(200);
      // The PDF's font writes the no-break space before "€" as a plain one.
      const text = readPdf(await file.body()).lines.join("\n");
      expect(text.replace(/\s/g, " ")).toContain(euros(1450).replace(/\s/g, " "));
    }
    const order = await takePaidQuote(browser, quoteId);
    await expectOnBoard(page, order.number);

    // The receipt is in euros.
    const detail = (await (await context.request.get(`/api/admin/orders/${order.orderId}`)).json()) as {
      currency: string;
      payments: { receiptId: string | null }[];
    };
    const issued = await context.request.get(`/api/receipts/${detail.payments[0]?.receiptId}`);
    const receiptNumber = ((await issued.json()) as { number: string }).number;
    expect(detail.currency).toBe("eur");
    await open(page, `/dashboard/receipts/${detail.payments[0]?.receiptId}`);
    await expect.poll(() => page.locator("main").textContent()).toContain(euros(1450));
    await screenshot(page, "receipt-in-euros");

    // The owner refunds 200 EUR of it, with a reason.
    await open(page, `/dashboard/admin/orders/${order.orderId}`);
    const payments = page.getByRole("region", { name: orderPaymentTexts.heading });
    const form = payments.getByRole("form", { name: refundForm.heading });
    await form.getByLabel(refundForm.amount("€")).fill("200,00");
    await form.getByLabel(refundForm.reason).fill("The landing page went live a week late");
    await form.getByRole("button", { name: refundForm.submit }).click();
    await confirmDialog(page);
    await toast(page, refundForm.done(euros(200))).waitFor();
    await payments.getByText(orderPaymentTexts.left(euros(200), euros(1250))).waitFor();

    // Its credit note says what was given back and why.
    const refunded = (await (await context.request.get(`/api/admin/orders/${order.orderId}`)).json()) as {
      refunds: { receiptId: string | null }[];
    };
    await open(page, `/dashboard/receipts/${refunded.refunds[0]?.receiptId}`);
    await page.getByRole("heading", { name: receiptPage.creditNoteTitle, level: 1 }).waitFor();
    await page.getByText("The landing page went live a week late").waitFor();
    await expect.poll(() => page.locator("main").textContent()).toContain(euros(-200));

    // The Overview's revenue this month grew by 1.250 €: 1.450 paid, 200 given back.
    await open(page, "/dashboard/admin/overview");
    await expectRevenueThisMonth(page, euros(before + 1250));
    await screenshot(page, "overview-in-euros");

    // The accountant's export of the month: the receipt's lines add up to 1450, the credit note -200.
    const month = new Date().toISOString().slice(0, 7);
    const xero = await context.request.get(`/api/admin/exports/accounting?month=${month}&format=xero`);
    expect(xero.status()).toBe(200);
    const rows = (await xero.text())
      .split("\r\n")
      .filter((line) => line.includes(receiptNumber) && !line.includes("CN-"));
    const amounts = rows.map((line) => Number(line.match(/,(-?\d+\.\d{2}),/)?.[1]));
    expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBeCloseTo(1450, 2);
    expect(await xero.text()).toMatch(/,-200\.00,/);

    // More work done on the order is invoiced, paid by bank transfer, which the owner records.
    await open(page, `/dashboard/admin/orders/${order.orderId}`);
    await page.getByRole("link", { name: salesWork.invoiceThisOrder }).click();
    await page.getByRole("heading", { name: salesPage.newHeading("invoice") }).waitFor();
    expect(await page.getByLabel(salesWork.startsWork).isChecked()).toBe(false);
    await page.getByLabel(salesForm.description).fill("Two more rounds of changes");
    await page.getByLabel(salesForm.unitPriceIn("€")).fill("300,00");
    // Due days count from the shop's billing clock, which other journeys may have moved forward.
    const { now } = (await (await context.request.get("/api/admin/test-tools")).json()) as { now: string };
    const due = new Date(new Date(now).getTime() + 14 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel(salesForm.dueDate).fill(due);
    await page.getByRole("button", { name: salesForm.save }).click();
    await page.waitForURL(/\/dashboard\/admin\/sales\/[0-9a-f-]{36}$/);
    await page.getByRole("button", { name: salesDetailPage.send }).click();
    await confirmDialog(page);
    await toast(page, salesDetailPage.sent).waitFor();
    const record = page.getByRole("form", { name: invoicePaymentsPanel.record.heading });
    expect(await record.getByLabel(`${invoicePaymentsPanel.record.amount} (€)`).inputValue()).toBe("300,00");
    await record.getByLabel(invoicePaymentsPanel.record.reference).fill("SEPA 2026-11-29");
    await record.getByRole("button", { name: invoicePaymentsPanel.record.submit }).click();
    await toast(page, invoicePaymentsPanel.record.done(euros(300))).waitFor();
    await page.getByText(invoicePaymentsPanel.due(euros(0))).waitFor();
    await page.getByText("SEPA 2026-11-29").waitFor();
    await screenshot(page, "invoice-paid-by-transfer");

    // A year of hosting is invoiced as well, and the client pays it by card on the invoice's page:
    // no new order opens.
    const orderCount = async () =>
      ((await (await context.request.get("/api/orders?size=1")).json()) as { counts: { total: number } })
        .counts.total;
    const hosting = await context.request.post("/api/admin/sales", {
      data: {
        kind: "invoice",
        email: client.email,
        name: client.name,
        lines: [{ description: "Hosting for a year", quantity: 1, unitPrice: 120, recurring: null }],
        note: "",
        validUntil: null,
        dueDate: due,
        forOrderId: order.orderId,
        startsWork: false,
      },
      headers: { origin: baseUrl },
    });
    expect(hosting.status(), await hosting.text()).toBe(200);
    const hostingId = ((await hosting.json()) as { _id: string })._id;
    const sent = await context.request.post(`/api/admin/sales/${hostingId}/send`, {
      headers: { origin: baseUrl },
    });
    expect(sent.status()).toBe(200);
    const { link } = (await sent.json()) as { link: string };
    const ordersBefore = await orderCount();
    await context.clearCookies();
    await signInContext(context, client);
    await open(page, new URL(link).pathname);
    await page.getByRole("button", { name: salesCustomerPage.pay }).click();
    await page.getByRole("region", { name: payByCard.heading }).waitFor();
    await payWith(page, "4242 4242 4242 4242");
    await page.getByText(payByCard.paid).waitFor();
    await screenshot(page, "invoice-paid-by-card");
    await context.clearCookies();
    await signInAsOwner(context);
    const ordersAfter = await orderCount();
    expect(ordersAfter).toBe(ordersBefore);
  });
});
