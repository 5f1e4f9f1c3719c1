import { controlCharacterMessage, ErrorResponse } from "@agency/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../test/accounts.js";
import { createTestApp, type TestContext } from "../../test/helpers.js";

let ctx: TestContext;
let admin: TestAccount;
beforeAll(async () => {
  ctx = await createTestApp({ env: { LEADS_RATE_LIMIT: "1000" } });
  admin = await createAccount(ctx, { admin: true });
});
afterAll(() => ctx.close());

function refusedField(response: { statusCode: number; json(): unknown }, field: string) {
  expect(response.statusCode).toBe(400);
  const { error } = ErrorResponse.parse(response.json());
  expect(error.code).toBe("bad_request");
  expect(error.fields?.[field]).toBe(controlCharacterMessage);
}

describe("text with control characters", () => {
  it("is refused in a JSON body with a 400 naming the field", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/leads/contact",
      payload: { name: "a\u0000b", email: "x@example.com", message: "m" },
    });
    refusedField(response, "name");
    expect(response.json().error.message).toBe(`Invalid name: ${controlCharacterMessage}`);
  });

  it("is refused in nested fields and for escape and bell characters, not only NUL", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/leads/contact",
      payload: { name: "Ada", email: "x@example.com", message: "ring \u0007 \u001b[31m" },
    });
    refusedField(response, "message");
  });

  it("keeps tabs and line breaks in a multi-line message", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/leads/contact",
      payload: { name: "Ada", email: "x@example.com", message: "First line\r\nSecond\tline" },
    });
    expect(response.statusCode).toBe(201);
  });

  it("is refused in an admin list's search", async () => {
    const response = await ctx.app.inject({
      method: "GET",
      url: "/api/orders?q=a%00b",
      headers: { cookie: admin.cookie },
    });
    refusedField(response, "q");
  });

  it("is refused in a path's id without reaching the database", async () => {
    for (const url of ["/api/admin/orders/a%00b", "/api/blogs/%00", "/api/order/%00/messages"]) {
      const response = await ctx.app.inject({ method: "GET", url, headers: { cookie: admin.cookie } });
      expect([400, 404], url).toContain(response.statusCode);
      ErrorResponse.parse(response.json());
    }
  });

  it("is refused in a profile update and a promo quote", async () => {
    const profile = await ctx.app.inject({
      method: "PUT",
      url: `/api/user/${encodeURIComponent(admin.email)}`,
      headers: { cookie: admin.cookie },
      payload: { email: admin.email, name: "Ada\u0000" },
    });
    refusedField(profile, "name");
    const quote = await ctx.app.inject({
      method: "POST",
      url: "/api/promo/quote",
      headers: { cookie: admin.cookie },
      payload: { code: "SAVE\u0000", planId: "00000000-0000-4000-8000-000000000000" },
    });
    refusedField(quote, "code");
  });
});
