import { AdminSalesDetail } from "@agency/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { invoiceBody, quoteBody, salesCall, writeQuote } from "../../../test/sales.js";

let ctx: TestContext;
let owner: TestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { role: "owner" });
});
afterAll(() => ctx.close());

describe("numbers of quotes and invoices", () => {
  it("are given when sent, per kind and year, without gaps, under 20 sends at once", async () => {
    const year = new Date().getUTCFullYear();
    const drafts = await Promise.all(Array.from({ length: 20 }, () => writeQuote(ctx, owner)));
    const invoice = await writeQuote(ctx, owner, { body: invoiceBody() });
    // A draft has no number; a refused send uses none.
    const stale = await writeQuote(ctx, owner);
    const refused = await salesCall(ctx, owner, "PUT", `/${stale}`, quoteBody({ validUntil: "2001-01-01" }));
    expect(refused.statusCode).toBe(200);
    expect((await salesCall(ctx, owner, "POST", `/${stale}/send`)).statusCode).toBe(400);

    const sent = await Promise.all(
      [...drafts, invoice].map((id) => salesCall(ctx, owner, "POST", `/${id}/send`)),
    );
    expect(sent.map((response) => response.statusCode)).toEqual(Array(21).fill(200));
    const numbers = sent.map((response) => AdminSalesDetail.parse(response.json()).number ?? "");
    const quotes = numbers.filter((number) => number.startsWith("Q-")).sort();
    expect(quotes).toEqual(
      Array.from({ length: 20 }, (_, index) => `Q-${year}-${String(index + 1).padStart(4, "0")}`),
    );
    expect(numbers.filter((number) => number.startsWith("INV-"))).toEqual([`INV-${year}-0001`]);

    // Sending twice does not number twice.
    expect((await salesCall(ctx, owner, "POST", `/${drafts[0]}/send`)).statusCode).toBe(409);
    const next = await writeQuote(ctx, owner, { send: true });
    const detail = await salesCall(ctx, owner, "GET", `/${next}`);
    expect(detail.json().number).toBe(`Q-${year}-0021`);
  });
});
