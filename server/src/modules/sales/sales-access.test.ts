import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import {
  customerCall,
  dayFromNow,
  invoiceBody,
  quoteBody,
  salesCall,
  salesDetail,
  signed,
  tokenOf,
  writeQuote,
} from "../../../test/sales.js";

let ctx: TestContext;
let owner: TestAccount;
let addressee: TestAccount;
let stranger: TestAccount;
let staff: TestAccount;
let token: string;
let quoteId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { role: "owner" });
  addressee = await createAccount(ctx);
  stranger = await createAccount(ctx);
  staff = await createAccount(ctx, { role: "staff" });
  quoteId = await writeQuote(ctx, owner, {
    body: quoteBody({ email: addressee.email.toUpperCase() }),
    send: true,
  });
  token = await tokenOf(ctx, owner, quoteId);
});
afterAll(() => ctx.close());

describe("who may see a quote's link", () => {
  it("is only the account with the address it was sent to: to others it does not exist", async () => {
    for (const other of [stranger, staff, owner]) {
      for (const [method, path] of [
        ["GET", token],
        ["POST", `${token}/accept`],
        ["POST", `${token}/decline`],
        ["POST", `${token}/pay`],
      ] as const) {
        const response = await customerCall(
          ctx,
          other,
          method,
          path,
          method === "POST" ? signed() : undefined,
        );
        expect([other.email, path, response.statusCode]).toEqual([other.email, path, 404]);
      }
    }
    // The addressee's view was not touched by the others' tries.
    expect((await salesDetail(ctx, owner, quoteId)).state).toBe("sent");
    expect((await customerCall(ctx, addressee, "GET", token)).json()).toMatchObject({ state: "viewed" });
  });

  it("answers 404 for a link that is not one, and never shows a draft", async () => {
    for (const bad of ["nope", "x".repeat(40), "..%2Fadmin", "%20"]) {
      expect((await customerCall(ctx, addressee, "GET", bad)).statusCode).toBe(404);
      expect((await customerCall(ctx, undefined, "GET", `${bad}/invitation`)).statusCode).toBe(404);
    }
    const draft = await writeQuote(ctx, owner, { body: quoteBody({ email: addressee.email }) });
    expect((await salesDetail(ctx, owner, draft)).link).toBeNull();
  });

  it("is the team's only with the permission to write quotes; a malformed id is a 404", async () => {
    expect((await salesCall(ctx, staff, "GET", "")).statusCode).toBe(403);
    expect((await salesCall(ctx, addressee, "GET", "")).statusCode).toBe(403);
    expect((await salesCall(ctx, owner, "GET", "/not-an-id")).statusCode).toBe(404);
    expect((await salesCall(ctx, owner, "GET", "/7b5c2a4e-0000-4000-8000-000000000000")).statusCode).toBe(
      404,
    );
    expect((await salesCall(ctx, owner, "POST", "/not-an-id/send")).statusCode).toBe(404);
  });
});

describe("bad input", () => {
  const line = { description: "Landing page", quantity: 1, unitPrice: 1200, recurring: null };
  const cases: [string, object, string][] = [
    ["no lines", { lines: [] }, "lines"],
    ["a quote without valid-until", { validUntil: null }, "validUntil"],
    ["an invoice without a due date", { kind: "invoice", validUntil: null, dueDate: null }, "dueDate"],
    ["a bad address", { email: "not-an-address" }, "email"],
    ["a day that is no day", { validUntil: "2026-02-30" }, "validUntil"],
    ["a price with three decimals", { lines: [{ ...line, unitPrice: 10.005 }] }, "lines.0.unitPrice"],
    ["a negative price", { lines: [{ ...line, unitPrice: -5 }] }, "lines.0.unitPrice"],
    ["no quantity", { lines: [{ ...line, quantity: 0 }] }, "lines.0.quantity"],
    ["half a quantity", { lines: [{ ...line, quantity: 1.5 }] }, "lines.0.quantity"],
    ["an empty description", { lines: [{ ...line, description: "  " }] }, "lines.0.description"],
    ["an unknown interval", { lines: [{ ...line, recurring: "weekly" }] }, "lines.0.recurring"],
    [
      "monthly and yearly lines together",
      {
        lines: [
          { ...line, recurring: "monthly" },
          { ...line, recurring: "yearly" },
        ],
      },
      "lines",
    ],
    ["less than the smallest card payment in all", { lines: [{ ...line, unitPrice: 0.49 }] }, "lines"],
    ["an unknown kind", { kind: "estimate" }, "kind"],
  ];

  it.each(cases)(
    "refuses %s with a 400 naming the field, and writes nothing",
    async (_name, change, field) => {
      const before = (await salesCall(ctx, owner, "GET", "?size=100")).json().documents.length;
      const response = await salesCall(ctx, owner, "POST", "", { ...quoteBody(), ...change });
      expect(response.statusCode, response.body).toBe(400);
      expect(JSON.stringify(response.json().error)).toContain(field);
      expect((await salesCall(ctx, owner, "GET", "?size=100")).json().documents.length).toBe(before);
    },
  );

  it("refuses a send whose date is past, a kind changed on a draft, a team address and a bad filter", async () => {
    const id = await writeQuote(ctx, owner);
    const past = await salesCall(ctx, owner, "PUT", `/${id}`, quoteBody({ validUntil: dayFromNow(-2) }));
    expect(past.statusCode).toBe(200);
    const send = await salesCall(ctx, owner, "POST", `/${id}/send`);
    expect(send.statusCode).toBe(400);
    expect(send.json().error.fields).toEqual({ validUntil: "must not be in the past" });
    expect((await salesCall(ctx, owner, "PUT", `/${id}`, invoiceBody())).statusCode).toBe(400);
    const member = await salesCall(ctx, owner, "POST", "", quoteBody({ email: staff.email }));
    expect(member.statusCode).toBe(400);
    expect((await salesCall(ctx, owner, "GET", "?state=lost")).statusCode).toBe(400);
    expect((await salesCall(ctx, owner, "GET", "?kind=estimate")).statusCode).toBe(400);
    const reason = await customerCall(ctx, addressee, "POST", `${token}/decline`, {
      reason: "x".repeat(501),
    });
    expect(reason.statusCode).toBe(400);
  });
});

describe("a customer who deletes their account", () => {
  it("leaves their quotes without their name or address; the link then leads nowhere", async () => {
    const leaver = await createAccount(ctx, { name: "Leaving Customer" });
    const id = await writeQuote(ctx, owner, {
      body: quoteBody({ email: leaver.email, name: leaver.name }),
      send: true,
    });
    const link = await tokenOf(ctx, owner, id);
    const declined = await customerCall(ctx, leaver, "POST", `${link}/decline`, { reason: "Not now" });
    expect(declined.statusCode).toBe(200);
    const deleted = await ctx.app.inject({
      method: "POST",
      url: "/api/account/delete",
      headers: { cookie: leaver.cookie },
      payload: { password: leaver.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = await salesDetail(ctx, owner, id);
    expect(after).toMatchObject({ name: "Deleted customer", state: "declined", total: 1200 });
    expect(after.email).toMatch(/^deleted-.*@deleted\.invalid$/);
    expect(JSON.stringify(after)).not.toContain(leaver.email);
    expect(JSON.stringify(after.history)).not.toContain(leaver.name);
    expect((await customerCall(ctx, undefined, "GET", `${link}/invitation`)).json().email).toBe(after.email);
  });
});
