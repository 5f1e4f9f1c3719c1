import { webhookMessages } from "@agency/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";

let ctx: TestContext;
let owner: TestAccount;
/** Manages integrations and sees money and customers, but only the orders assigned to them. */
let integrator: TestAccount;
/** Manages integrations and sees every order, money and customer. */
let operator: TestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { role: "owner" });
  integrator = await createAccount(ctx, {
    role: "0b0c0000-0000-4000-8000-0000000000a1",
    permissions: "integrations.manage,money.view,customers.view",
  });
  operator = await createAccount(ctx, {
    role: "0b0c0000-0000-4000-8000-0000000000a2",
    permissions: "integrations.manage,orders.all,money.view,customers.view",
  });
});
afterAll(() => ctx.close());

const call = (account: TestAccount, method: "POST" | "PUT", url: string, payload: object) =>
  ctx.app.inject({ method, url, headers: { cookie: account.cookie }, payload });

describe("webhook endpoints send only what their maker may see", () => {
  it("refuses a member who does not see every order, money and customer, and lets one who does", async () => {
    const body = { url: "https://hooks.example.com/orders", events: ["order.paid"] };
    const refused = await call(integrator, "POST", "/api/admin/webhooks", body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(webhookMessages.seesTooLittle);
    const chat = await call(integrator, "POST", "/api/admin/webhooks", {
      kind: "chat",
      url: "https://chat.example.com/hook",
    });
    expect(chat.statusCode).toBe(403);

    const made = await call(operator, "POST", "/api/admin/webhooks", body);
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json()._id as string;

    // Pointing it elsewhere, widening its events or turning it on again is sending data out.
    for (const change of [
      { url: "https://elsewhere.example.com/hook" },
      { events: ["order.paid", "message.posted"] },
      { enabled: true },
    ]) {
      const response = await call(integrator, "PUT", `/api/admin/webhooks/${id}`, change);
      expect(response.statusCode, JSON.stringify(change)).toBe(403);
    }
    // Turning it off or describing it sends nothing.
    const off = await call(integrator, "PUT", `/api/admin/webhooks/${id}`, {
      enabled: false,
      description: "Paused while the CRM moves",
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual(expect.objectContaining({ enabled: false, url: body.url }));
    expect((await call(owner, "PUT", `/api/admin/webhooks/${id}`, { enabled: true })).statusCode).toBe(200);
  });
});
