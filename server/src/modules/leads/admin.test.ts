import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { leads } from "../../db/schema.js";

let ctx: TestContext;
let admin: TestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, { admin: true });
});
afterAll(() => ctx.close());

describe("leads for admins", () => {
  it("lists stored leads newest first, by kind, and exports them as CSV", async () => {
    const send = (url: string, payload: object) => ctx.app.inject({ method: "POST", url, payload });
    expect(
      (
        await send("/api/leads/contact", {
          name: "Ann, Ltd",
          email: "ann@example.com",
          message: '=HYPERLINK("x")',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await send("/api/leads/query", { website: "https://ann.example", email: "ann@example.com" }))
        .statusCode,
    ).toBe(201);
    expect((await send("/api/newsletter", { email: "news@example.com" })).statusCode).toBe(201);
    // A sign-up counts once its address is confirmed (the mailed link, see mail.test.ts).
    expect((await send("/api/newsletter", { email: "unconfirmed@example.com" })).statusCode).toBe(201);
    await ctx.db.update(leads).set({ confirmedAt: new Date() }).where(eq(leads.email, "news@example.com"));

    const all = await ctx.app.inject({
      method: "GET",
      url: "/api/admin/leads",
      headers: { cookie: admin.cookie },
    });
    expect(all.json().total).toBe(3);
    expect(all.json().leads.map((lead: { kind: string }) => lead.kind)).toEqual([
      "newsletter",
      "query",
      "contact",
    ]);
    const contacts = await ctx.app.inject({
      method: "GET",
      url: "/api/admin/leads?kind=contact",
      headers: { cookie: admin.cookie },
    });
    expect(contacts.json()).toMatchObject({
      total: 1,
      leads: [{ name: "Ann, Ltd", email: "ann@example.com" }],
    });

    const csv = await ctx.app.inject({
      method: "GET",
      url: "/api/admin/leads.csv",
      headers: { cookie: admin.cookie },
    });
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toMatch(
      /attachment; filename="leads-all-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toBe("createdAt,kind,name,email,website,message");
    expect(lines).toHaveLength(4);
    // Quoted where needed, and a formula from a stranger is defused.
    expect(lines[3]).toContain(`contact,"Ann, Ltd",ann@example.com,,"'=HYPERLINK(""x"")"`);
  });
});
