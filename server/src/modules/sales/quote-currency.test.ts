import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { outbox, runJobs } from "../../../test/jobs.js";
import { payWithTestCard } from "../../../test/orders.js";
import {
  customerCall,
  quoteBody,
  salesCall,
  salesDetail,
  signed,
  tokenOf,
  writeQuote,
} from "../../../test/sales.js";
import { myOrder } from "../../../test/subscriptions.js";

let ctx: TestContext;
let owner: TestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { role: "owner" });
});
afterAll(() => ctx.close());

const setCurrency = async (currency: string, locale: string) => {
  const response = await ctx.app.inject({
    method: "PUT",
    url: "/api/admin/site/currency",
    headers: { cookie: owner.cookie },
    payload: { currency, locale },
  });
  expect(response.statusCode, response.body).toBe(200);
};

describe("a quote in the shop's currency", () => {
  it("is priced, mailed and paid in euros once the shop sells in euros", async () => {
    await setCurrency("eur", "de-DE");
    const customer = await createAccount(ctx);
    const id = await writeQuote(ctx, owner, { body: quoteBody({ email: customer.email }), send: true });
    expect(await salesDetail(ctx, owner, id)).toMatchObject({ currency: "eur", total: 1200 });
    await runJobs(ctx);
    const mail = (await outbox(ctx)).find(
      (each) => each.to === customer.email && each.subject.startsWith("Quote"),
    );
    expect(mail?.text).toContain("1.200,00\u00a0€");

    const token = await tokenOf(ctx, owner, id);
    expect((await customerCall(ctx, customer, "POST", `${token}/accept`, signed())).statusCode).toBe(200);
    const { orderId } = (await customerCall(ctx, customer, "POST", `${token}/pay`)).json() as {
      orderId: string;
    };
    expect((await payWithTestCard(ctx, customer, orderId)).statusCode).toBe(200);
    expect(await myOrder(ctx, customer, orderId)).toMatchObject({ paid: true, currentPrice: 1200 });
    expect((await salesDetail(ctx, owner, id)).state).toBe("paid");
  });

  it("refuses a price with more decimals than the currency has", async () => {
    await setCurrency("jpy", "ja-JP");
    const refused = await salesCall(ctx, owner, "POST", "", {
      ...quoteBody(),
      lines: [{ description: "Banner", quantity: 1, unitPrice: 1200.5, recurring: null }],
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().error.fields)).toEqual(["lines.0.unitPrice"]);
    const yen = await writeQuote(ctx, owner, {
      body: quoteBody({ lines: [{ description: "Banner", quantity: 2, unitPrice: 5000, recurring: null }] }),
    });
    expect(await salesDetail(ctx, owner, yen)).toMatchObject({ currency: "jpy", total: 10_000 });
  });
});
