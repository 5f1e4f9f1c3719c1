import {
  AdminPlanList,
  AdminServiceList,
  type CreatePlanBody,
  catalogMessages,
  ErrorResponse,
  PaymentList,
  PlanPriceChange,
  PricingList,
  PricingPlan,
  ServiceList,
} from "@agency/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { outbox, runJobs } from "../../../test/jobs.js";
import { placeOrder, placePaidOrder } from "../../../test/orders.js";
import { myOrder, mySubscription, runJobsAt } from "../../../test/subscriptions.js";

let ctx: TestContext;
let admin: TestAccount;
let customer: TestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, { admin: true });
  customer = await createAccount(ctx);
});
afterAll(() => ctx.close());

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, account?: TestAccount, payload?: object) =>
  ctx.app.inject({ method, url, headers: account ? { cookie: account.cookie } : {}, payload });

const features = [
  { name: "Audit", detail: "of your site", included: true },
  { name: "Reports", detail: "every week", included: true },
  { name: "Ads", detail: "two channels", included: false },
  { name: "Support", detail: "by e-mail", included: false },
];

const newPlan = (overrides: Partial<CreatePlanBody> = {}): CreatePlanBody => ({
  service: "Starter",
  title: "For a shop opening its doors",
  duration: "monthly",
  month: "month",
  oldPrice: 59,
  newPrice: 29,
  features,
  highlighted: false,
  backgroundColor: "#ffffff",
  color: "#1f2a44",
  ...overrides,
});

async function createPlan(overrides: Partial<CreatePlanBody> = {}): Promise<string> {
  const response = await call("POST", "/api/admin/catalog/plans", admin, newPlan(overrides));
  expect(response.statusCode).toBe(201);
  return response.json().insertedId;
}

const publicPlans = async () => PricingList.parse((await call("GET", "/api/pricing")).json());
const publicServices = async () => ServiceList.parse((await call("GET", "/api/services")).json());
const history = async (account: TestAccount) =>
  PaymentList.parse((await call("GET", `/api/payment-history/${account.email}`, account)).json());

describe("who may edit the catalog", () => {
  const writes: Array<[Method, string, object | undefined]> = [
    ["GET", "/api/admin/catalog/services", undefined],
    ["POST", "/api/admin/catalog/services", { title: "T", description: "D", image: "/i.png" }],
    ["GET", "/api/admin/catalog/plans", undefined],
    ["POST", "/api/admin/catalog/plans", newPlan()],
    [
      "PUT",
      "/api/admin/catalog/plans/00000000-0000-4000-8000-000000000000/price",
      { oldPrice: 1, newPrice: 2, applyToRenewals: false },
    ],
    ["DELETE", "/api/admin/catalog/plans/00000000-0000-4000-8000-000000000000", undefined],
  ];

  it.each(writes)(
    "refuses %s %s to visitors (401) and customers (403), changing nothing",
    async (method, url, body) => {
      const before = await publicPlans();
      expect((await call(method, url, undefined, body)).statusCode).toBe(401);
      const refused = await call(method, url, customer, body);
      expect(refused.statusCode).toBe(403);
      expect(ErrorResponse.parse(refused.json()).error.code).toBe("forbidden");
      expect(await publicPlans()).toEqual(before);
    },
  );
});

describe("services", () => {
  it("adds, edits, reorders, archives and restores a service, each shown on the next public read", async () => {
    const created = await call("POST", "/api/admin/catalog/services", admin, {
      title: "Podcasts",
      description: "Shows that bring listeners to your brand.",
      image: "https://example.com/podcasts.png",
    });
    expect(created.statusCode).toBe(201);
    const id: string = created.json().insertedId;
    expect((await publicServices()).at(-1)).toMatchObject({ _id: id, title: "Podcasts" });

    const edited = await call("PUT", `/api/admin/catalog/services/${id}`, admin, {
      title: "Podcast production",
      description: "Shows that bring listeners.",
      image: "/uploads/podcasts.png",
    });
    expect(edited.statusCode).toBe(200);
    expect((await publicServices()).find((service) => service._id === id)?.title).toBe("Podcast production");

    const all = AdminServiceList.parse((await call("GET", "/api/admin/catalog/services", admin)).json());
    const ids = [id, ...all.map((service) => service._id).filter((other) => other !== id)];
    const reordered = await call("PUT", "/api/admin/catalog/services-order", admin, { ids });
    expect(reordered.statusCode).toBe(200);
    expect((await publicServices()).map((service) => service._id)).toEqual(ids);

    expect((await call("POST", `/api/admin/catalog/services/${id}/archive`, admin)).json()).toMatchObject({
      archived: true,
    });
    expect((await publicServices()).map((service) => service._id)).not.toContain(id);
    const listed = AdminServiceList.parse((await call("GET", "/api/admin/catalog/services", admin)).json());
    expect(listed.find((service) => service._id === id)?.archived).toBe(true);

    await call("POST", `/api/admin/catalog/services/${id}/restore`, admin);
    expect((await publicServices())[0]?._id).toBe(id);
  });

  it.each([
    ["an empty title", { title: " ", description: "D", image: "/i.png" }, "title"],
    [
      "an image that is neither a web address nor a path",
      { title: "T", description: "D", image: "javascript:alert(1)" },
      "image",
    ],
    ["a missing description", { title: "T", image: "/i.png" }, "description"],
  ])("answers 400 for %s and stores nothing", async (_, body, field) => {
    const before = await publicServices();
    const response = await call("POST", "/api/admin/catalog/services", admin, body);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(ErrorResponse.parse(response.json()).error)).toContain(field);
    expect(await publicServices()).toEqual(before);
  });

  it("refuses a reorder that leaves a service out", async () => {
    const all = AdminServiceList.parse((await call("GET", "/api/admin/catalog/services", admin)).json());
    const response = await call("PUT", "/api/admin/catalog/services-order", admin, {
      ids: all.slice(1).map((service) => service._id),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(catalogMessages.reorderMismatch);
  });

  it.each([
    ["PUT", "/api/admin/catalog/services/not-an-id", { title: "T", description: "D", image: "/i.png" }],
    ["POST", "/api/admin/catalog/services/00000000-0000-4000-8000-000000000000/archive", undefined],
    ["PUT", "/api/admin/catalog/plans/1'or'1/price", { oldPrice: 1, newPrice: 2, applyToRenewals: false }],
    ["DELETE", "/api/admin/catalog/plans/not-an-id", undefined],
    ["POST", "/api/admin/catalog/plans/xyz/restore", undefined],
  ] as Array<[Method, string, object | undefined]>)("answers 404 to %s %s", async (method, url, body) => {
    const response = await call(method, url, admin, body);
    expect(response.statusCode).toBe(404);
    expect(ErrorResponse.parse(response.json()).error.code).toBe("not_found");
  });
});

describe("plans", () => {
  it("adds a plan with its features' ticks and crosses, edits it and deletes it while nobody ordered it", async () => {
    const id = await createPlan();
    const shown = PricingPlan.parse((await call("GET", `/api/pricing/${id}`)).json());
    expect(shown).toMatchObject({
      service: "Starter",
      newPrice: 29,
      oldPrice: 59,
      serviceName: ["Audit", "Reports", "Ads", "Support"],
      included: [true, true, false, false],
    });
    expect((await publicPlans()).map((plan) => plan._id)).toContain(id);

    const edited = await call("PUT", `/api/admin/catalog/plans/${id}`, admin, {
      ...newPlan({ service: "Starter+", highlighted: true, backgroundColor: "#000", color: "#fff" }),
      features: features.map((feature) => ({ ...feature, included: true })),
    });
    expect(edited.statusCode).toBe(200);
    expect((await publicPlans()).find((plan) => plan._id === id)).toMatchObject({
      service: "Starter+",
      highlighted: true,
      included: [true, true, true, true],
      newPrice: 29,
    });

    expect((await call("DELETE", `/api/admin/catalog/plans/${id}`, admin)).json()).toEqual({
      deleted: true,
      archived: false,
    });
    expect((await call("GET", `/api/pricing/${id}`)).statusCode).toBe(404);
  });

  it.each([
    ["three features", { features: features.slice(0, 3) }, "features"],
    ["a colour that is not one", { color: "red; background: url(x)" }, "color"],
    ["a negative price", { oldPrice: -1 }, "oldPrice"],
    ["a price below 1 $", { newPrice: 0.5 }, "newPrice"],
    ["a price with fractions of a cent", { newPrice: 10.005 }, "newPrice"],
    ["an unknown billing", { duration: "weekly" }, "duration"],
  ])("answers 400 for a plan with %s and stores nothing", async (_, overrides, field) => {
    const before = await publicPlans();
    const response = await call("POST", "/api/admin/catalog/plans", admin, { ...newPlan(), ...overrides });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().error)).toContain(field);
    expect(await publicPlans()).toEqual(before);
  });

  it("archives a plan that has orders: off the pricing pages and the checkout, its order keeping the old price", async () => {
    const id = await createPlan({ service: "Keeper", newPrice: 40, oldPrice: 80 });
    const buyer = await createAccount(ctx);
    const orderId: string = (await placeOrder(ctx, buyer, id)).json().insertedId;

    const change = await call("PUT", `/api/admin/catalog/plans/${id}/price`, admin, {
      oldPrice: 90,
      newPrice: 45,
      applyToRenewals: false,
    });
    expect(change.statusCode).toBe(200);
    expect((await myOrder(ctx, buyer, orderId)).currentPrice).toBe(40);

    const removed = await call("DELETE", `/api/admin/catalog/plans/${id}`, admin);
    expect(removed.json()).toEqual({ deleted: false, archived: true });
    expect((await publicPlans()).map((plan) => plan._id)).not.toContain(id);
    expect((await call("GET", `/api/pricing/${id}`)).statusCode).toBe(404);
    const refused = await placeOrder(ctx, await createAccount(ctx), id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(catalogMessages.planArchived);

    // Its order still shows it, at the price it was placed at, and can still be paid at that price.
    const order = await myOrder(ctx, buyer, orderId);
    expect(order).toMatchObject({ service: "Keeper", serviceId: id, currentPrice: 40 });
    const all = (await call("GET", "/api/orders", admin)).json();
    expect(JSON.stringify(all)).toContain(orderId);
    const listed = AdminPlanList.parse((await call("GET", "/api/admin/catalog/plans", admin)).json());
    expect(listed.find((plan) => plan._id === id)).toMatchObject({ archived: true, orders: 1 });

    await call("POST", `/api/admin/catalog/plans/${id}/restore`, admin);
    expect((await publicPlans()).map((plan) => plan._id)).toContain(id);
  });

  it("keeps the billing of a plan that has orders", async () => {
    const id = await createPlan({ service: "Steady" });
    await placeOrder(ctx, await createAccount(ctx), id);
    const response = await call(
      "PUT",
      `/api/admin/catalog/plans/${id}`,
      admin,
      newPlan({ duration: "yearly" }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(catalogMessages.durationLocked);
  });

  it("charges new orders the new price and renews subscribers at theirs unless the change is applied to renewals, then mails them", async () => {
    const id = await createPlan({ service: "Growth", newPrice: 50, oldPrice: 90 });
    const early = await createAccount(ctx);
    const earlyOrder = await placePaidOrder(ctx, early, id);
    const subscription = await mySubscription(ctx, early, earlyOrder);

    // A price change for new orders only.
    const first = PlanPriceChange.parse(
      (
        await call("PUT", `/api/admin/catalog/plans/${id}/price`, admin, {
          oldPrice: 99,
          newPrice: 60,
          applyToRenewals: false,
        })
      ).json(),
    );
    expect(first).toMatchObject({
      renewalsChanged: 0,
      noticesQueued: 0,
      plan: { newPrice: 60, subscribers: 1 },
    });
    expect((await call("GET", `/api/pricing/${id}`)).json()).toMatchObject({ newPrice: 60, oldPrice: 99 });
    const late = await createAccount(ctx);
    const lateOrder = await placePaidOrder(ctx, late, id);
    expect((await myOrder(ctx, late, lateOrder)).currentPrice).toBe(60);
    expect((await history(late))[0]?.currentPrice).toBe(60);

    await runJobsAt(ctx, subscription.currentPeriodEnd);
    const renewed = (await history(early)).filter((payment) => payment.renewal);
    expect(renewed.map((payment) => payment.currentPrice)).toEqual([50]);
    expect((await outbox(ctx)).filter((mail) => mail.subject.includes("price of your Growth plan"))).toEqual(
      [],
    );

    // Now applied to renewals: both subscribers renew at 70 $ and hear about it first.
    const second = PlanPriceChange.parse(
      (
        await call("PUT", `/api/admin/catalog/plans/${id}/price`, admin, {
          oldPrice: 99,
          newPrice: 70,
          applyToRenewals: true,
        })
      ).json(),
    );
    expect(second).toMatchObject({ renewalsChanged: 2, noticesQueued: 2 });
    await runJobs(ctx);
    const notices = (await outbox(ctx)).filter(
      (mail) => mail.subject === "The price of your Growth plan changes",
    );
    expect(notices.map((mail) => mail.to).sort()).toEqual([early.email, late.email].sort());
    expect(notices.find((mail) => mail.to === early.email)?.text).toContain("from $50.00 to $70.00");

    const next = await mySubscription(ctx, early, earlyOrder);
    await runJobsAt(ctx, next.currentPeriodEnd);
    const renewals = (await history(early)).filter((payment) => payment.renewal);
    expect(renewals.map((payment) => payment.currentPrice).sort()).toEqual([50, 70]);
    // The first payments stay as they were.
    expect((await myOrder(ctx, early, earlyOrder)).currentPrice).toBe(50);
  });

  it("refuses a price change without the renewal choice", async () => {
    const id = await createPlan({ service: "Undecided" });
    const response = await call("PUT", `/api/admin/catalog/plans/${id}/price`, admin, {
      oldPrice: 9,
      newPrice: 5,
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().error)).toContain("applyToRenewals");
    expect((await call("GET", `/api/pricing/${id}`)).json()).toMatchObject({ newPrice: 29 });
  });
});
