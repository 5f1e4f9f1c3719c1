import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { colleagueIn, companyOf } from "../../../test/companies.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { outbox, runJobs } from "../../../test/jobs.js";
import { placePaidOrder, planIds } from "../../../test/orders.js";
import { readPdf } from "../../../test/pdf-text.js";
import {
  customerCall,
  invoiceBody,
  quoteBody,
  salesCall,
  salesDetail,
  tokenOf,
  writeQuote,
} from "../../../test/sales.js";

let ctx: TestContext;
let owner: TestAccount;
let ceo: TestAccount;
let member: TestAccount;
let billing: TestAccount;
let stranger: TestAccount;

const company = {
  name: "Acme Robotics GmbH",
  address: "Hauptstraße 1\n10115 Berlin\nGermany",
  vatId: "DE123456789",
  billingEmail: "accounts@acme.example",
};

const lines = [
  { description: "Landing page design and build", quantity: 1, unitPrice: 1200, recurring: null },
  { description: "Hosting and care", quantity: 2, unitPrice: 150, recurring: "monthly" as const },
];

beforeAll(async () => {
  ctx = await createTestApp({ env: { TAX_ID: "GB123456789" } });
  const plans = await planIds(ctx);
  owner = await createAccount(ctx, { role: "owner" });
  ceo = await createAccount(ctx, { name: "Cleo CEO" });
  stranger = await createAccount(ctx);
  await placePaidOrder(ctx, ceo, plans.standardMonthly._id);
  const companyId = await companyOf(ctx, ceo);
  member = await colleagueIn(ctx, companyId, "member", "Mo Member");
  billing = await colleagueIn(ctx, companyId, "billing", "Bea Billing");
  const given = await ctx.app.inject({
    method: "PUT",
    url: "/api/company",
    headers: { cookie: ceo.cookie },
    payload: company,
  });
  expect(given.statusCode, given.body).toBe(200);
});
afterAll(() => ctx.close());

const teamPdf = (id: string, account = owner) =>
  ctx.app.inject({ method: "GET", url: `/api/admin/sales/${id}/pdf`, headers: { cookie: account.cookie } });

const printed = (response: { rawPayload: Buffer }) => readPdf(response.rawPayload).lines;

describe("a quote or invoice as a PDF", () => {
  let invoiceId: string;
  let token: string;

  it("prints the letterhead, the company with its VAT ID, the dates, the lines and the total", async () => {
    invoiceId = await writeQuote(ctx, owner, {
      body: invoiceBody({ email: ceo.email, name: "Cleo CEO", lines, note: "Thank you for the brief." }),
      send: true,
    });
    const sent = await salesDetail(ctx, owner, invoiceId);
    const response = await teamPdf(invoiceId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="${sent.number}.pdf"`);
    const pdf = readPdf(response.rawPayload);
    expect(pdf.images.length).toBeGreaterThan(0);
    for (const text of [
      "Tax ID: GB123456789",
      `Invoice ${sent.number}`,
      company.name,
      "Hauptstraße 1",
      "10115 Berlin",
      `VAT ID: ${company.vatId}`,
      "Cleo CEO",
      ceo.email,
      "Landing page design and build",
      "Hosting and care",
      "Recurring: every month",
      "$1,200.00",
      "$150.00",
      "$300.00",
      "Total",
      "$1,500.00",
      "$300.00 every month",
      "Thank you for the brief.",
    ]) {
      expect(pdf.lines).toContain(text);
    }
    expect(pdf.lines).toContain("Due date");
    expect(pdf.lines).toContain("Date sent");
  });

  it("is the addressee's and their Billing colleague's to download, and no one else's", async () => {
    token = await tokenOf(ctx, owner, invoiceId);
    for (const reader of [ceo, billing]) {
      const response = await customerCall(ctx, reader, "GET", `${token}/pdf`);
      expect(response.statusCode, response.body).toBe(200);
      expect(printed(response)).toContain(`VAT ID: ${company.vatId}`);
    }
    // A Member of the company does not act on invoices: to them it does not exist.
    expect((await customerCall(ctx, member, "GET", `${token}/pdf`)).statusCode).toBe(404);
    expect((await customerCall(ctx, stranger, "GET", `${token}/pdf`)).statusCode).toBe(404);
    expect((await customerCall(ctx, undefined, "GET", `${token}/pdf`)).statusCode).toBe(401);
    expect((await customerCall(ctx, ceo, "GET", `${"x".repeat(32)}/pdf`)).statusCode).toBe(404);
    expect((await teamPdf(invoiceId, stranger)).statusCode).toBe(403);
  });

  it("of an invoice prints its terms and the agency's bank account, with its number as the reference", async () => {
    const bank = {
      accountName: "Agency Ltd",
      bankName: "First Bank",
      iban: "GB29NWBK60161331926819",
      bic: "NWBKGB2L",
    };
    const saved = await ctx.app.inject({
      method: "PUT",
      url: "/api/admin/site/invoicing",
      headers: { cookie: owner.cookie },
      payload: { paymentTermsDays: 10, bank },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { number } = await salesDetail(ctx, owner, invoiceId);
    const text = printed(await teamPdf(invoiceId));
    for (const value of ["Payment due within 10 days", bank.accountName, bank.iban, bank.bic, "Reference"])
      expect(text).toContain(value);
    expect(text.filter((each) => each === number)).toHaveLength(1);
  });

  it("of a draft is the team's, said to be not sent yet and named after its kind", async () => {
    const draft = await writeQuote(ctx, owner, { body: quoteBody({ email: stranger.email, lines }) });
    const response = await teamPdf(draft);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-disposition"]).toBe('attachment; filename="draft-quote.pdf"');
    const text = printed(response);
    expect(text).toContain("Draft quote");
    expect(text).toContain("Not sent yet (draft)");
    expect(text).toContain("Valid until");
    expect(text).toContain(stranger.email);
    expect(
      (await salesCall(ctx, owner, "GET", `/${"0".repeat(8)}-0000-4000-8000-${"0".repeat(12)}/pdf`))
        .statusCode,
    ).toBe(404);
  });

  it("goes with the mail that sends it", async () => {
    await runJobs(ctx);
    const { number } = await salesDetail(ctx, owner, invoiceId);
    const mail = (await outbox(ctx)).find(
      (each) => each.to === ceo.email && each.subject.startsWith(`Invoice ${number}`),
    ) as { attachments?: Array<{ filename: string; contentType: string; size: number }> } | undefined;
    expect(mail?.attachments).toEqual([
      { filename: `${number}.pdf`, contentType: "application/pdf", size: expect.any(Number) },
    ]);
    // The file the mail carries is the invoice's PDF.
    const files = await readdir(ctx.config.mail.outboxDir);
    const emls = await Promise.all(
      files
        .filter((file) => file.endsWith(".eml"))
        .map((file) => readFile(path.join(ctx.config.mail.outboxDir, file), "utf8")),
    );
    const eml = emls.find((each) => each.includes(`filename=${number}.pdf`)) ?? "";
    const part = eml.split(`filename=${number}.pdf`)[1] ?? "";
    const base64 = part.split(/\r?\n\r?\n/)[1]?.split(/\r?\n--/)[0] ?? "";
    const attached = readPdf(Buffer.from(base64.replace(/\s+/g, ""), "base64")).lines;
    expect(attached).toContain(`Invoice ${number}`);
    expect(attached).toContain(`VAT ID: ${company.vatId}`);
  });

  it("writes amounts as the shop's money locale does", async () => {
    const currency = await ctx.app.inject({
      method: "PUT",
      url: "/api/admin/site/currency",
      headers: { cookie: owner.cookie },
      payload: { currency: "eur", locale: "de-DE" },
    });
    expect(currency.statusCode, currency.body).toBe(200);
    const id = await writeQuote(ctx, owner, { body: quoteBody({ email: ceo.email, lines }), send: true });
    const text = printed(await customerCall(ctx, ceo, "GET", `${await tokenOf(ctx, owner, id)}/pdf`));
    expect(text).toContain("1.200,00\u00a0€");
    expect(text).toContain("1.500,00\u00a0€");
    expect(text).toContain("300,00\u00a0€ every month");
  });

  it("keeps the letterhead it was sent with, while a draft prints the shop's as it is now", async () => {
    const sentId = await writeQuote(ctx, owner, { body: quoteBody({ email: ceo.email, lines }), send: true });
    const draftId = await writeQuote(ctx, owner, { body: quoteBody({ email: ceo.email, lines }) });
    const before = (await ctx.app.inject({ method: "GET", url: "/api/site/content" })).json() as {
      site: { name: string };
    };
    const renamed = await ctx.app.inject({
      method: "PUT",
      url: "/api/admin/site/identity",
      headers: { cookie: owner.cookie },
      payload: { ...before.site, name: "Renamed Agency Ltd" },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(printed(await teamPdf(sentId))).toContain(before.site.name);
    expect(printed(await teamPdf(sentId))).not.toContain("Renamed Agency Ltd");
    expect(printed(await teamPdf(draftId))).toContain("Renamed Agency Ltd");
  });
});
