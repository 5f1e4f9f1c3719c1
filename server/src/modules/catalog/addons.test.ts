import {
  AddonList,
  AdminPlanList,
  AuditList,
  addonMessages,
  type CreatePlanBody,
  catalogMessages,
  ErrorResponse,
  MAX_PLAN_ADDONS,
  OrderList,
} from "@agency/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { addAddon, checkoutPlan } from "../../../test/addons.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { placeOrder } from "../../../test/orders.js";

let ctx: TestContext;
let owner: TestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { role: "owner" });
});
afterAll(() => ctx.close());

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, account: TestAccount | undefined, payload?: object) =>
  ctx.app.inject({ method, url, headers: account ? { cookie: account.cookie } : {}, payload });

let plans = 0;
/** A new monthly plan of the catalog, made in the editor, with no add-ons yet. */
async function newPlan(overrides: Partial<CreatePlanBody> = {}): Promise<string> {
  plans += 1;
  const response = await call("POST", "/api/admin/catalog/plans", owner, {
    service: `Addons ${plans}`,
    title: "A plan for its add-ons",
    duration: "monthly",
    month: "month",
    oldPrice: 0,
    newPrice: 100,
    features: ["A", "B", "C", "D"].map((name) => ({ name, detail: `${name} detail`, included: true })),
    highlighted: false,
    backgroundColor: "#ffffff",
    color: "#1f2a44",
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().insertedId;
}

async function latestAudit(action: string) {
  const list = AuditList.parse((await call("GET", `/api/admin/audit?action=${action}&size=1`, owner)).json());
  return list.entries[0];
}

describe("a plan's add-ons in the catalog editor", () => {
  it("adds add-ons last, lists them on the checkout and in the editor, and records each in the audit log", async () => {
    const planId = await newPlan();
    const rush = await addAddon(ctx, owner, planId, { name: "Rush delivery", price: 49.5, recurring: false });
    const call2 = await addAddon(ctx, owner, planId, { name: "Monthly call", price: 30, recurring: true });
    expect(rush).toMatchObject({ name: "Rush delivery", price: 49.5, recurring: false });

    expect((await checkoutPlan(ctx, planId)).addons).toEqual([rush, call2]);
    const editor = AdminPlanList.parse((await call("GET", "/api/admin/catalog/plans", owner)).json());
    expect(editor.find((plan) => plan._id === planId)?.addons).toEqual([rush, call2]);

    expect(await latestAudit("addon.created")).toMatchObject({
      actor: { type: "admin", label: owner.email },
      subject: { type: "plan_addon", id: call2._id, label: `Monthly call · Addons ${plans} (monthly)` },
      after: { name: "Monthly call", price: 30, recurring: true },
    });
  });

  it("refuses what is missing or wrong with a 400 naming each field, and stores nothing", async () => {
    const planId = await newPlan();
    const refused = await call("POST", `/api/admin/catalog/plans/${planId}/addons`, owner, {
      name: "  ",
      price: 0,
    });
    expect(refused.statusCode).toBe(400);
    const { error } = ErrorResponse.parse(refused.json());
    expect(error.fields).toMatchObject({
      name: "is required",
      price: catalogMessages.addonPrice,
      recurring: "must be once or every period",
    });
    const decimals = await call("POST", `/api/admin/catalog/plans/${planId}/addons`, owner, {
      name: "Extra",
      price: 10.005,
      recurring: false,
    });
    expect(ErrorResponse.parse(decimals.json()).error.fields).toMatchObject({ price: catalogMessages.price });
    expect((await checkoutPlan(ctx, planId)).addons).toEqual([]);
  });

  it("refuses a second add-on of the same name and an eleventh, and unknown plans and add-ons", async () => {
    const planId = await newPlan();
    await addAddon(ctx, owner, planId, { name: "Rush delivery", price: 10, recurring: false });
    const twin = await call("POST", `/api/admin/catalog/plans/${planId}/addons`, owner, {
      name: "RUSH delivery",
      price: 12,
      recurring: true,
    });
    expect(twin.statusCode).toBe(409);
    expect(ErrorResponse.parse(twin.json()).error.fields).toEqual({ name: catalogMessages.addonNameTaken });

    for (let index = 1; index < MAX_PLAN_ADDONS; index += 1) {
      await addAddon(ctx, owner, planId, { name: `Extra ${index}`, price: index, recurring: false });
    }
    const eleventh = await call("POST", `/api/admin/catalog/plans/${planId}/addons`, owner, {
      name: "One too many",
      price: 5,
      recurring: false,
    });
    expect(eleventh.statusCode).toBe(409);
    expect(ErrorResponse.parse(eleventh.json()).error.message).toBe(catalogMessages.tooManyAddons);

    const body = { name: "Ghost", price: 5, recurring: false };
    const unknownId = "00000000-0000-4000-8000-000000000000";
    expect((await call("POST", `/api/admin/catalog/plans/${unknownId}/addons`, owner, body)).statusCode).toBe(
      404,
    );
    expect((await call("POST", "/api/admin/catalog/plans/nope/addons", owner, body)).statusCode).toBe(404);
    expect((await call("PUT", `/api/admin/catalog/addons/${unknownId}`, owner, body)).statusCode).toBe(404);
    expect((await call("PUT", "/api/admin/catalog/addons/nope", owner, body)).statusCode).toBe(404);
    expect((await call("DELETE", "/api/admin/catalog/addons/nope", owner)).statusCode).toBe(404);
  });

  it("edits an add-on for new orders only: an order placed before keeps its line", async () => {
    const planId = await newPlan();
    const report = await addAddon(ctx, owner, planId, { name: "Extra report", price: 20, recurring: false });
    const before = await createAccount(ctx);
    const earlier: string = (await placeOrder(ctx, before, planId, { addonIds: [report._id] })).json()
      .insertedId;

    const edited = await call("PUT", `/api/admin/catalog/addons/${report._id}`, owner, {
      name: "Extra report",
      price: 25,
      recurring: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ price: 25, recurring: true });
    expect(await latestAudit("addon.updated")).toMatchObject({
      subject: { type: "plan_addon", id: report._id },
      before: { price: 20, recurring: false },
      after: { price: 25, recurring: true },
    });

    const after = await createAccount(ctx);
    const later: string = (await placeOrder(ctx, after, planId, { addonIds: [report._id] })).json()
      .insertedId;
    const lineOf = async (account: TestAccount, orderId: string) => {
      const mine = OrderList.parse((await call("GET", "/api/order", account)).json());
      return mine.find((order) => order._id === orderId)?.lines?.[1];
    };
    expect(await lineOf(before, earlier)).toMatchObject({ amount: 20, recurring: false });
    expect(await lineOf(after, later)).toMatchObject({ amount: 25, recurring: true });
  });

  it("reorders a plan's add-ons when every one is listed once, and records the new order", async () => {
    const planId = await newPlan();
    const a = await addAddon(ctx, owner, planId, { name: "A", price: 1, recurring: false });
    const b = await addAddon(ctx, owner, planId, { name: "B", price: 2, recurring: false });
    const c = await addAddon(ctx, owner, planId, { name: "C", price: 3, recurring: true });
    const url = `/api/admin/catalog/plans/${planId}/addons-order`;
    for (const ids of [
      [a._id, b._id],
      [a._id, a._id, b._id],
      [c._id, b._id, a._id, "nope"],
    ]) {
      const refused = await call("PUT", url, owner, { ids });
      expect(refused.statusCode).toBe(400);
      expect(ErrorResponse.parse(refused.json()).error.message).toBe(catalogMessages.reorderMismatch);
    }
    const reordered = await call("PUT", url, owner, { ids: [c._id, a._id, b._id] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(AddonList.parse(reordered.json()).map((addon) => addon.name)).toEqual(["C", "A", "B"]);
    expect((await checkoutPlan(ctx, planId)).addons.map((addon) => addon.name)).toEqual(["C", "A", "B"]);
    expect(await latestAudit("addons.reordered")).toMatchObject({
      subject: { type: "plan", id: planId },
      before: { order: [a._id, b._id, c._id] },
      after: { order: [c._id, a._id, b._id] },
    });
  });

  it("removes an add-on from the checkout while the orders that bought it keep their line", async () => {
    const planId = await newPlan();
    const gone = await addAddon(ctx, owner, planId, { name: "Launch party", price: 15, recurring: false });
    const buyer = await createAccount(ctx);
    const orderId: string = (await placeOrder(ctx, buyer, planId, { addonIds: [gone._id] })).json()
      .insertedId;

    const removed = await call("DELETE", `/api/admin/catalog/addons/${gone._id}`, owner);
    expect(removed.json()).toEqual({ deletedCount: 1 });
    expect((await checkoutPlan(ctx, planId)).addons).toEqual([]);
    expect(await latestAudit("addon.deleted")).toMatchObject({
      subject: { type: "plan_addon", id: gone._id },
      before: { name: "Launch party", price: 15, recurring: false },
    });
    const mine = OrderList.parse((await call("GET", "/api/order", buyer)).json());
    expect(mine.find((order) => order._id === orderId)?.lines?.map((line) => line.description)).toEqual([
      `Addons ${plans} plan (monthly)`,
      "Launch party",
    ]);

    // A customer whose page still offers it is told the add-on is not the plan's any more.
    const late = await placeOrder(ctx, await createAccount(ctx), planId, { addonIds: [gone._id] });
    expect(late.statusCode).toBe(400);
    expect(ErrorResponse.parse(late.json()).error.fields).toEqual({ addonIds: addonMessages.unknown });
  });
});
