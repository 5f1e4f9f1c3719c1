import { BriefQuestionList } from "@agency/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { planIds } from "../../../test/orders.js";
import { callAs, type Method, orderDetail, paidCustomerOf } from "../../../test/workflow.js";

let ctx: TestContext;
let admin: TestAccount;
let plans: Awaited<ReturnType<typeof planIds>>;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, { admin: true, name: "Grace Admin" });
  plans = await planIds(ctx);
});
afterAll(() => ctx.close());

const call = (account: TestAccount, method: Method, url: string, payload?: object) =>
  callAs(ctx, account, method, url, payload);
const detail = (account: TestAccount, orderId: string) => orderDetail(ctx, account, orderId);

const paidCustomer = (name: string, serviceId: string) => paidCustomerOf(ctx, name, serviceId);

function answersFor(questions: { _id: string; label: string }[], values: Record<string, string>) {
  return Object.fromEntries(
    questions.map((question) => [question._id, values[question.label] ?? ""]).filter(([, value]) => value),
  );
}

describe("brief questions per plan", () => {
  it("lets an admin replace a plan's questions; the plan's new orders ask those, others the defaults", async () => {
    const planId = plans.find("Standard", "yearly")._id;
    const defaults = BriefQuestionList.parse(
      (await call(admin, "GET", `/api/admin/plans/${planId}/brief-questions`)).json(),
    );
    expect(defaults).toHaveLength(4);
    const [first] = defaults;
    const updated = await call(admin, "PUT", `/api/admin/plans/${planId}/brief-questions`, {
      questions: [
        { label: "Shop address", kind: "url", required: true },
        { _id: first?._id, label: "Your website, if any", kind: "url", required: false },
      ],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const questions = BriefQuestionList.parse(updated.json());
    expect(questions.map((question) => question.label)).toEqual(["Shop address", "Your website, if any"]);
    // The default question was not changed: it belongs to every other plan.
    expect(questions[1]?._id).not.toBe(first?._id);

    const { customer, orderId } = await paidCustomer("Plan Customer", planId);
    expect((await detail(customer, orderId)).brief?.questions.map((question) => question.label)).toEqual([
      "Shop address",
      "Your website, if any",
    ]);
    const saved = await call(customer, "PUT", `/api/order/${orderId}/brief`, {
      answers: answersFor(questions, { "Shop address": "https://shop.example.com" }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const other = BriefQuestionList.parse(
      (await call(admin, "GET", `/api/admin/plans/${plans.standardMonthly._id}/brief-questions`)).json(),
    );
    expect(other.map((question) => question._id)).toEqual(defaults.map((question) => question._id));

    const bad = await call(admin, "PUT", `/api/admin/plans/${planId}/brief-questions`, {
      questions: [{ label: "", kind: "colour", required: true }],
    });
    expect(bad.statusCode).toBe(400);
    expect((await call(admin, "GET", `/api/admin/plans/not-an-id/brief-questions`)).statusCode).toBe(404);
  });
});
