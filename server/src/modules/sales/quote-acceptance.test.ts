import { createHash } from "node:crypto";
import { CustomerSalesDocument, ErrorResponse, OrderDetail, salesMessages } from "@agency/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { outbox, runJobs } from "../../../test/jobs.js";
import { payWithTestCard } from "../../../test/orders.js";
import { readPdf } from "../../../test/pdf-text.js";
import {
  customerCall,
  invoiceBody,
  quoteBody,
  salesCall,
  salesDetail,
  signed,
  tokenOf,
  writeQuote,
} from "../../../test/sales.js";
import { auditLog } from "../../db/schema.js";

let ctx: TestContext;
let owner: TestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { role: "owner" });
});
afterAll(() => ctx.close());

/** A landing page, with an extra page and a monthly care plan the client may tick. */
const lines = [
  { description: "Landing page", quantity: 1, unitPrice: 1200, recurring: null },
  { description: "Extra page", quantity: 1, unitPrice: 250, recurring: null, optional: true },
  { description: "Care plan", quantity: 1, unitPrice: 50, recurring: "monthly" as const, optional: true },
];

describe("accepting a quote: a signature, with the optional lines ticked", () => {
  it("is signed on the PDF shown, kept with a signature page and mailed; the options ticked set the total and the order", async () => {
    const email = `options-${Date.now()}@example.com`;
    const id = await writeQuote(ctx, owner, { body: quoteBody({ email, lines }), send: true });
    const sent = await salesDetail(ctx, owner, id);
    // Offered, not charged: the total is the lines that are not optional.
    expect(sent).toMatchObject({ total: 1200, recurring: null, amountDue: 1200 });
    expect(sent.lines.map((line) => [line.optional, line.chosen])).toEqual([
      [false, false],
      [true, false],
      [true, false],
    ]);
    const token = await tokenOf(ctx, owner, id);
    const client = await createAccount(ctx, { email, name: "Ada Lovelace" });
    expect((await customerCall(ctx, client, "GET", token)).statusCode).toBe(200);

    // Only an optional line can be chosen; a refusal changes nothing.
    const wrong = await customerCall(ctx, client, "POST", `${token}/accept`, signed("Ada Lovelace", [0]));
    expect(wrong.statusCode).toBe(400);
    expect(ErrorResponse.parse(wrong.json()).error.message).toBe(salesMessages.notOptional);
    const beyond = await customerCall(ctx, client, "POST", `${token}/accept`, signed("Ada Lovelace", [7]));
    expect(beyond.statusCode).toBe(400);
    expect((await salesDetail(ctx, owner, id)).state).toBe("viewed");

    // Not signed: no name typed, or the box not ticked.
    for (const signature of [
      { name: " ", agree: true },
      { name: "Ada Lovelace", agree: false },
    ]) {
      const unsigned = await customerCall(ctx, client, "POST", `${token}/accept`, {
        options: [1],
        signature,
      });
      expect(unsigned.statusCode).toBe(400);
    }
    expect((await salesDetail(ctx, owner, id)).state).toBe("viewed");

    // The PDF the client reads, then signs: the signature names it by its SHA-256.
    const shown = await ctx.app.inject({
      method: "GET",
      url: `/api/sales/${token}/pdf`,
      headers: { cookie: client.cookie },
    });
    const shownHash = createHash("sha256").update(shown.rawPayload).digest("hex");
    const accepted = await ctx.app.inject({
      method: "POST",
      url: `/api/sales/${token}/accept`,
      headers: { cookie: client.cookie, "user-agent": "Quote-signing test browser/1.0" },
      payload: signed("Ada M. Lovelace", [1]),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const answer = CustomerSalesDocument.parse(accepted.json());
    expect(answer).toMatchObject({ state: "accepted", total: 1450, recurring: null, canPay: true });
    expect(answer.lines.map((line) => line.chosen)).toEqual([false, true, false]);
    expect(answer.signature).toEqual({
      name: "Ada M. Lovelace",
      email,
      signedAt: expect.any(String),
      ip: "127.0.0.1",
      userAgent: "Quote-signing test browser/1.0",
      pdfSha256: shownHash,
    });
    expect((await salesDetail(ctx, owner, id)).signature?.pdfSha256).toBe(shownHash);

    // The signed PDF: the pages shown, unchanged, then the signature page.
    const signedFile = await ctx.app.inject({
      method: "GET",
      url: `/api/admin/sales/${id}/signed-pdf`,
      headers: { cookie: owner.cookie },
    });
    expect(signedFile.statusCode).toBe(200);
    const signedText = readPdf(signedFile.rawPayload).lines;
    for (const text of ["Signature", "Ada M. Lovelace", "127.0.0.1", "Extra page", shownHash]) {
      expect(signedText).toContain(text);
    }
    const clientCopy = await customerCall(ctx, client, "GET", `${token}/signed-pdf`);
    expect(clientCopy.rawPayload.equals(signedFile.rawPayload)).toBe(true);
    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, "quote.signed"));
    expect(audit?.after).toMatchObject({ name: "Ada M. Lovelace", pdfSha256: shownHash });

    // Both sides get the signed PDF by mail.
    await runJobs(ctx);
    const mails = (await outbox(ctx)).filter((mail) => mail.subject.includes(sent.number ?? "?")) as Array<{
      to: string;
      subject: string;
      attachments?: Array<{ filename: string }>;
    }>;
    const withSigned = mails.filter((mail) =>
      mail.attachments?.some((file) => file.filename === `${sent.number}-signed.pdf`),
    );
    expect(withSigned.map((mail) => mail.to).sort()).toEqual([email, owner.email].sort());

    const pdf = readPdf(
      (
        await ctx.app.inject({
          method: "GET",
          url: `/api/sales/${token}/pdf`,
          headers: { cookie: client.cookie },
        })
      ).rawPayload,
    );
    expect(pdf.lines).toContain("Optional: chosen");
    expect(pdf.lines).toContain("Optional: not chosen");
    expect(pdf.lines).toContain("$1,450.00");

    // The order the card pays is the chosen lines only: no care plan, so nothing recurs.
    const pay = await customerCall(ctx, client, "POST", `${token}/pay`);
    expect(pay.statusCode, pay.body).toBe(200);
    const { orderId } = pay.json() as { orderId: string };
    expect((await payWithTestCard(ctx, client, orderId)).statusCode).toBe(200);
    const order = OrderDetail.parse(
      (
        await ctx.app.inject({
          method: "GET",
          url: `/api/order/${orderId}`,
          headers: { cookie: client.cookie },
        })
      ).json(),
    );
    expect(order.currentPrice).toBe(1450);
    expect(order.lines?.map((line) => line.description)).toEqual(["Landing page", "Extra page"]);
    expect((await salesDetail(ctx, owner, id)).state).toBe("paid");
  });

  it("a quote accepted with no line ticked charges the lines that are not optional", async () => {
    const email = `no-options-${Date.now()}@example.com`;
    const id = await writeQuote(ctx, owner, { body: quoteBody({ email, lines }), send: true });
    const token = await tokenOf(ctx, owner, id);
    const client = await createAccount(ctx, { email });
    const accepted = await customerCall(ctx, client, "POST", `${token}/accept`, signed());
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ state: "accepted", total: 1200, recurring: null });
  });

  it("are a quote's only: an invoice with an optional line is refused", async () => {
    const refused = await salesCall(ctx, owner, "POST", "", invoiceBody({ lines }));
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain(salesMessages.optionalOnQuotes);
  });
});
