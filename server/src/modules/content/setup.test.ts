import { SetupChecklist } from "@agency/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";

// A new shop's setup checklist: each step is done when the shop shows it, or set aside.

let ctx: TestContext;
let owner: TestAccount;
let staff: TestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { role: "owner" });
  staff = await createAccount(ctx, { role: "staff" });
});
afterAll(() => ctx.close());

const checklist = async (account = owner) => {
  const response = await ctx.app.inject({
    method: "GET",
    url: "/api/admin/setup",
    headers: { cookie: account.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return SetupChecklist.parse(response.json()).steps;
};
const open = (steps: SetupChecklist["steps"]) =>
  steps.filter((s) => !s.done && !s.dismissed).map((s) => s.step);

describe("the setup checklist", () => {
  it("shrinks as the brand and the currency are saved, and as steps are set aside", async () => {
    const first = await checklist();
    // The test shop has a catalog and a second member (staff), and runs the offline provider and outbox.
    expect(open(first)).toEqual(["brand", "currency", "payments", "mail"]);
    expect(first.find((s) => s.step === "payments")?.detail).toBe("test_mode");
    expect(first.find((s) => s.step === "mail")?.detail).toBe("outbox");

    const identity = (await ctx.app.inject({ method: "GET", url: "/api/site/content" })).json().site;
    const saved = await ctx.app.inject({
      method: "PUT",
      url: "/api/admin/site/identity",
      headers: { cookie: owner.cookie },
      payload: { ...identity, name: "Northwind Growth" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const currency = await ctx.app.inject({
      method: "PUT",
      url: "/api/admin/site/currency",
      headers: { cookie: owner.cookie },
      payload: { currency: "EUR", locale: "de-DE" },
    });
    expect(currency.statusCode, currency.body).toBe(200);
    expect(open(await checklist())).toEqual(["payments", "mail"]);

    const dismissed = await ctx.app.inject({
      method: "POST",
      url: "/api/admin/setup/dismiss",
      headers: { cookie: owner.cookie },
      payload: { step: "mail" },
    });
    expect(dismissed.statusCode).toBe(200);
    expect(open(SetupChecklist.parse(dismissed.json()).steps)).toEqual(["payments"]);
    // Set aside twice, it stays set aside once.
    await ctx.app.inject({
      method: "POST",
      url: "/api/admin/setup/dismiss",
      headers: { cookie: owner.cookie },
      payload: { step: "mail" },
    });
    expect((await checklist()).filter((s) => s.dismissed).map((s) => s.step)).toEqual(["mail"]);
  });

  it("refuses an unknown step and a member who does not operate the shop", async () => {
    const unknown = await ctx.app.inject({
      method: "POST",
      url: "/api/admin/setup/dismiss",
      headers: { cookie: owner.cookie },
      payload: { step: "everything" },
    });
    expect(unknown.statusCode).toBe(400);
    const refused = await ctx.app.inject({
      method: "GET",
      url: "/api/admin/setup",
      headers: { cookie: staff.cookie },
    });
    expect(refused.statusCode).toBe(403);
  });
});
