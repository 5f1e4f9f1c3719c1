import { FilledTemplate, ReplyTemplateList, templateMessages } from "@agency/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { placePaidOrder, planIds } from "../../../test/orders.js";

// Reply templates: an unknown variable is refused when saving; a template is filled in for an
// order the member may see, within what their role sees.

let ctx: TestContext;
let owner: TestAccount;
let staff: TestAccount;
let orderId: string;
let hiddenOrderId: string;

const call = (
  account: TestAccount,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: object,
) => ctx.app.inject({ method, url: `/api/admin${url}`, headers: { cookie: account.cookie }, payload });

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { role: "owner", name: "Olive Owner" });
  staff = await createAccount(ctx, { role: "staff", name: "Sam Staff" });
  const plans = await planIds(ctx);
  orderId = await placePaidOrder(
    ctx,
    await createAccount(ctx, { name: "Ada Client" }),
    plans.standardMonthly._id,
  );
  hiddenOrderId = await placePaidOrder(ctx, await createAccount(ctx), plans.standardMonthly._id);
  await call(owner, "PUT", `/orders/${orderId}/assignee`, { assigneeId: staff.id });
});
afterAll(() => ctx.close());

describe("reply templates", () => {
  it("refuses an unknown variable when saving, and saves a known one", async () => {
    const refused = await call(owner, "POST", "/templates", {
      name: "Welcome",
      body: "Hi {{customer.name}}, your {{order.colour}} order {{order.number}}.",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.body).toBe(templateMessages.unknown(["order.colour"]));
    const saved = await call(staff, "POST", "/templates", {
      name: "Welcome",
      body: "Hi {{ customer.name }}, {{member.name}} here: order {{order.number}} ({{order.service}}) is {{order.state}}. Mail: {{customer.email}}.",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const list = ReplyTemplateList.parse(saved.json());
    expect(list).toEqual([expect.objectContaining({ name: "Welcome", createdByName: "Sam Staff" })]);
  });

  it("fills a template for an order the member sees, leaving out a contact their role does not see", async () => {
    const [template] = ReplyTemplateList.parse((await call(owner, "GET", "/templates")).json());
    const forStaff = FilledTemplate.parse(
      (await call(staff, "GET", `/orders/${orderId}/templates/${template?._id}`)).json(),
    );
    expect(forStaff.text).toMatch(
      /^Hi Ada Client, Sam Staff here: order #\d+ \(Standard\) is Submitted\. Mail: \.$/,
    );
    const forOwner = FilledTemplate.parse(
      (await call(owner, "GET", `/orders/${orderId}/templates/${template?._id}`)).json(),
    );
    expect(forOwner.text).toMatch(/Mail: \S+@\S+\.$/);
    expect((await call(staff, "GET", `/orders/${hiddenOrderId}/templates/${template?._id}`)).statusCode).toBe(
      404,
    );
    expect((await call(staff, "GET", `/orders/${orderId}/templates/not-a-template`)).statusCode).toBe(404);
  });

  it("changes and deletes a template, and refuses a customer", async () => {
    const [template] = ReplyTemplateList.parse((await call(owner, "GET", "/templates")).json());
    const changed = await call(owner, "PUT", `/templates/${template?._id}`, {
      name: "Hello",
      body: "Hello {{customer.name}}",
    });
    expect(ReplyTemplateList.parse(changed.json())[0]).toMatchObject({
      name: "Hello",
      body: "Hello {{customer.name}}",
    });
    const unknown = await call(owner, "PUT", `/templates/${template?._id}`, {
      name: "Hello",
      body: "{{nope}}",
    });
    expect(unknown.statusCode).toBe(400);
    expect((await call(owner, "DELETE", `/templates/${template?._id}`)).json()).toEqual([]);
    expect((await call(owner, "DELETE", `/templates/${template?._id}`)).statusCode).toBe(404);
    const customer = await createAccount(ctx);
    expect((await call(customer, "GET", "/templates")).statusCode).toBe(403);
  });
});
