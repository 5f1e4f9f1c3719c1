import { ErrorResponse } from "@agency/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../test/accounts.js";
import { createTestApp, type TestContext } from "../../test/helpers.js";
import { promoCodeBody } from "../../test/promo-codes.js";

let ctx: TestContext;
let admin: TestAccount;
let created = 0;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  admin = await createAccount(ctx, { admin: true });
});
afterAll(() => ctx.close());

function createPromoCode(headers: Record<string, string>) {
  created += 1;
  return ctx.app.inject({
    method: "POST",
    url: "/api/admin/promo-codes",
    headers,
    payload: promoCodeBody(`ORIGIN${created}`),
  });
}

async function promoCodes(): Promise<string[]> {
  const response = await ctx.app.inject({
    method: "GET",
    url: "/api/admin/promo-codes",
    headers: { cookie: admin.cookie },
  });
  return (response.json() as { code: string }[]).map((promo) => promo.code);
}

function expectRefused(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(403);
  expect(ErrorResponse.parse(response.json()).error.code).toBe("forbidden");
}

describe("a state-changing call with the session cookie", () => {
  it("is refused from a page on another site, and changes nothing", async () => {
    const before = await promoCodes();
    expectRefused(await createPromoCode({ cookie: admin.cookie, origin: "https://attacker.example" }));
    expect(await promoCodes()).toEqual(before);
  });

  it("is refused from the shop's own host on another port", async () => {
    const shop = new URL(ctx.config.publicUrl);
    const otherPort = `${shop.protocol}//${shop.hostname}:${Number(shop.port || 80) + 1}`;
    expectRefused(await createPromoCode({ cookie: admin.cookie, origin: otherPort }));
  });

  it("is refused when the browser says it is cross-site, even without an Origin", async () => {
    expectRefused(await createPromoCode({ cookie: admin.cookie, "sec-fetch-site": "cross-site" }));
  });

  it("is refused for every method that changes something, not only POST", async () => {
    const response = await ctx.app.inject({
      method: "DELETE",
      url: "/api/admin/promo-codes/00000000-0000-4000-8000-000000000000",
      headers: { cookie: admin.cookie, origin: "https://attacker.example" },
    });
    expectRefused(response);
  });

  it("is taken from the shop's own pages", async () => {
    const response = await createPromoCode({
      cookie: admin.cookie,
      origin: ctx.config.publicUrl,
      "sec-fetch-site": "same-origin",
    });
    expect(response.statusCode).toBe(201);
  });

  it("is taken without Origin or Sec-Fetch-Site, as curl and other servers send it", async () => {
    expect((await createPromoCode({ cookie: admin.cookie })).statusCode).toBe(201);
  });

  it("does not stop reads from another site's page", async () => {
    const response = await ctx.app.inject({
      method: "GET",
      url: "/api/admin/promo-codes",
      headers: { cookie: admin.cookie, origin: "https://attacker.example" },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe("a call proved by a bearer token alone", () => {
  it("is taken whatever its Origin", async () => {
    const issued = await ctx.app.inject({
      method: "PUT",
      url: `/api/user/${admin.email}`,
      headers: { cookie: admin.cookie },
      payload: { email: admin.email, name: admin.name },
    });
    const { token } = issued.json() as { token: string };
    const response = await createPromoCode({
      authorization: `Bearer ${token}`,
      origin: "https://integration.example",
    });
    expect(response.statusCode).toBe(201);
  });
});
