import { type ClientRole, companyMessages, salesMessages } from "@agency/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { payWithTestCard, placePaidOrder, planIds } from "../../../test/orders.js";
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
import { user } from "../../db/schema.js";
import { addPersonToCompany } from "../companies/index.js";

let ctx: TestContext;
let owner: TestAccount;
let ceo: TestAccount;
let companyId: string;
const people = {} as Record<Exclude<ClientRole, "admin">, TestAccount>;

const details = {
  name: "Acme Robotics GmbH",
  address: "Hauptstraße 1\n10115 Berlin\nGermany",
  vatId: "DE123456789",
  billingEmail: "accounts@acme.example",
};

beforeAll(async () => {
  ctx = await createTestApp();
  const plans = await planIds(ctx);
  owner = await createAccount(ctx, { role: "owner" });
  ceo = await createAccount(ctx, { name: "Cleo CEO" });
  await placePaidOrder(ctx, ceo, plans.standardMonthly._id);
  const [row] = await ctx.db.select({ companyId: user.companyId }).from(user).where(eq(user.id, ceo.id));
  companyId = row?.companyId ?? "";
  for (const role of ["approver", "billing", "member"] as const) {
    const person = await createAccount(ctx, { name: `${role} person` });
    await ctx.db.transaction((tx) =>
      addPersonToCompany(tx, { companyId, userId: person.id, companyRole: role }),
    );
    people[role] = person;
  }
  ctx.app.sessionCache.clear();
  const given = await ctx.app.inject({
    method: "PUT",
    url: "/api/company",
    headers: { cookie: ceo.cookie },
    payload: details,
  });
  expect(given.statusCode, given.body).toBe(200);
});
afterAll(() => ctx.close());

describe("quotes and invoices addressed to a client company", () => {
  it("go to the addressee's company and print its name, address and VAT ID as they were when sent", async () => {
    const id = await writeQuote(ctx, owner, {
      body: invoiceBody({ email: ceo.email, name: "" }),
      send: true,
    });
    const sent = await salesDetail(ctx, owner, id);
    expect(sent.companyId).toBe(companyId);
    expect(sent.buyer).toEqual({
      company: details.name,
      address: ["Hauptstraße 1", "10115 Berlin", "Germany"],
      vatId: details.vatId,
    });
    // The company's later change leaves the sent invoice as it printed.
    await ctx.app.inject({
      method: "PUT",
      url: "/api/company",
      headers: { cookie: ceo.cookie },
      payload: { ...details, vatId: "DE999999999" },
    });
    expect((await salesDetail(ctx, owner, id)).buyer?.vatId).toBe(details.vatId);
    await ctx.app.inject({
      method: "PUT",
      url: "/api/company",
      headers: { cookie: ceo.cookie },
      payload: details,
    });
  });

  it("an invoice is paid by a Billing colleague who was not its addressee; its receipt names the company", async () => {
    const id = await writeQuote(ctx, owner, { body: invoiceBody({ email: ceo.email }), send: true });
    const token = await tokenOf(ctx, owner, id);

    // A Member and an Approver may not pay it: to them the invoice's link does not exist.
    for (const role of ["member", "approver"] as const) {
      expect((await customerCall(ctx, people[role], "GET", token)).statusCode).toBe(404);
      expect((await customerCall(ctx, people[role], "POST", `${token}/pay`)).statusCode).toBe(404);
    }
    const seen = await customerCall(ctx, people.billing, "GET", token);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ canPay: true, buyer: { company: details.name } });
    // The addressee's first opening is still to come: a colleague's look does not make them the account.
    const pay = await customerCall(ctx, people.billing, "POST", `${token}/pay`);
    expect(pay.statusCode, pay.body).toBe(200);
    const { orderId } = pay.json() as { orderId: string };
    const paid = await payWithTestCard(ctx, people.billing, orderId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await salesDetail(ctx, owner, id)).state).toBe("paid");

    // The order is the company's: the CEO sees it too.
    expect(
      (await ctx.app.inject({ method: "GET", url: `/api/order/${orderId}`, headers: { cookie: ceo.cookie } }))
        .statusCode,
    ).toBe(200);

    // The receipt prints the company with its VAT ID; the billing colleague and the CEO open it.
    const receipts = (
      await ctx.app.inject({
        method: "GET",
        url: "/api/receipts",
        headers: { cookie: people.billing.cookie },
      })
    ).json() as { _id: string; orderId: string }[];
    const receipt = receipts.find((one) => one.orderId === orderId);
    if (!receipt) throw new Error("no receipt for the invoice's order");
    for (const reader of [people.billing, ceo]) {
      const opened = await ctx.app.inject({
        method: "GET",
        url: `/api/receipts/${receipt._id}`,
        headers: { cookie: reader.cookie },
      });
      expect(opened.statusCode, opened.body).toBe(200);
      expect(opened.json().buyer).toEqual({
        company: details.name,
        address: ["Hauptstraße 1", "10115 Berlin", "Germany"],
        vatId: details.vatId,
      });
    }
    const pdf = await ctx.app.inject({
      method: "GET",
      url: `/api/receipts/${receipt._id}/pdf`,
      headers: { cookie: people.billing.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    const printed = (await readPdf(pdf.rawPayload)).lines;
    for (const text of [details.name, "10115 Berlin", `VAT ID: ${details.vatId}`])
      expect(printed).toContain(text);
    // A Member is refused the company's money.
    const memberReceipt = await ctx.app.inject({
      method: "GET",
      url: `/api/receipts/${receipt._id}`,
      headers: { cookie: people.member.cookie },
    });
    expect(memberReceipt.statusCode).toBe(404);
  });

  it("a quote is accepted by an Approver and paid by a Billing colleague, each refused the other's step", async () => {
    const id = await writeQuote(ctx, owner, { body: quoteBody({ email: ceo.email }), send: true });
    const token = await tokenOf(ctx, owner, id);
    expect((await customerCall(ctx, people.member, "GET", token)).statusCode).toBe(404);
    expect((await customerCall(ctx, people.member, "POST", `${token}/accept`, signed())).statusCode).toBe(
      404,
    );
    const billingSees = await customerCall(ctx, people.billing, "GET", token);
    expect(billingSees.json()).toMatchObject({ canAccept: false, canPay: false });
    expect((await customerCall(ctx, people.billing, "POST", `${token}/accept`, signed())).statusCode).toBe(
      403,
    );

    const accepted = await customerCall(ctx, people.approver, "POST", `${token}/accept`, signed());
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ state: "accepted", canPay: false });
    const detail = await salesDetail(ctx, owner, id);
    expect(detail.history.map((entry) => [entry.kind, entry.actor])).toContainEqual([
      "accepted",
      "approver person",
    ]);
    // Paying it is the Billing people's: the Approver who accepted is refused (403).
    expect((await customerCall(ctx, people.approver, "POST", `${token}/pay`)).statusCode).toBe(403);
    expect((await customerCall(ctx, people.billing, "GET", token)).json()).toMatchObject({ canPay: true });
    const pay = await customerCall(ctx, people.billing, "POST", `${token}/pay`);
    expect(pay.statusCode, pay.body).toBe(200);
    const paid = await payWithTestCard(ctx, people.billing, (pay.json() as { orderId: string }).orderId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await salesDetail(ctx, owner, id)).state).toBe("paid");

    // A quote addressed to the Member: they see it, but may not accept it.
    const toMember = await writeQuote(ctx, owner, {
      body: quoteBody({ email: people.member.email }),
      send: true,
    });
    const memberToken = await tokenOf(ctx, owner, toMember);
    const seen = await customerCall(ctx, people.member, "GET", memberToken);
    expect(seen.json()).toMatchObject({ canAccept: false, canPay: false, companyId });
    const refused = await customerCall(ctx, people.member, "POST", `${memberToken}/accept`, signed());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(companyMessages.roleMayNot("approve"));
  });

  it("goes to a chosen company, but never to a person of another one; a new address makes a company when it opens", async () => {
    const chosen = await salesCall(
      ctx,
      owner,
      "POST",
      "",
      invoiceBody({ email: details.billingEmail, companyId }),
    );
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().companyId).toBe(companyId);

    const outsider = await createAccount(ctx);
    const plans = await planIds(ctx);
    await placePaidOrder(ctx, outsider, plans.standardMonthly._id);
    const wrong = await salesCall(ctx, owner, "POST", "", invoiceBody({ email: outsider.email, companyId }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(salesMessages.otherCompany);
    for (const bad of ["nope", "00000000-0000-4000-8000-000000000000"]) {
      const unknown = await salesCall(ctx, owner, "POST", "", invoiceBody({ companyId: bad }));
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.message).toBe(salesMessages.noSuchCompany);
    }

    const newcomer = await createAccount(ctx, { email: "newcomer@example.com" });
    const id = await writeQuote(ctx, owner, { body: invoiceBody({ email: newcomer.email }), send: true });
    expect((await salesDetail(ctx, owner, id)).companyId).toBeNull();
    const token = await tokenOf(ctx, owner, id);
    expect((await customerCall(ctx, newcomer, "GET", token)).statusCode).toBe(200);
    const [row] = await ctx.db
      .select({ companyId: user.companyId, role: user.companyRole })
      .from(user)
      .where(eq(user.id, newcomer.id));
    expect(row?.role).toBe("admin");
    expect((await salesDetail(ctx, owner, id)).companyId).toBe(row?.companyId);
  });
});
