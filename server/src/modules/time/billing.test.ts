import { AdminSalesDetail, InvoicedTime, timeMessages, UnbilledTime } from "@agency/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { placePaidOrder, planIds } from "../../../test/orders.js";
import { orders, timeEntries } from "../../db/schema.js";

// Billable time to a draft invoice: at each member's rate, one line per entry or per member, and
// never billed twice.

let ctx: TestContext;
let owner: TestAccount;
let designer: TestAccount;
let companyId: string;
let orderId: string;

const call = (
  account: TestAccount,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: object,
) => ctx.app.inject({ method, url: `/api/admin${url}`, headers: { cookie: account.cookie }, payload });
const today = () => new Date().toISOString().slice(0, 10);

async function entry(account: TestAccount, minutes: number, billable = true): Promise<string> {
  const response = await call(account, "POST", `/orders/${orderId}/time`, {
    day: today(),
    minutes,
    billable,
    note: `${minutes} min`,
  });
  expect(response.statusCode, response.body).toBe(200);
  const [row] = await ctx.db
    .select({ id: timeEntries.id })
    .from(timeEntries)
    .where(eq(timeEntries.note, `${minutes} min`));
  return row?.id ?? "";
}

const unbilled = async () =>
  UnbilledTime.parse((await call(owner, "GET", `/companies/${companyId}/unbilled-time`)).json());

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { role: "owner" });
  designer = await createAccount(ctx, { role: "staff", name: "Dana Designer" });
  const plans = await planIds(ctx);
  orderId = await placePaidOrder(
    ctx,
    await createAccount(ctx, { name: "Acme Buyer" }),
    plans.standardMonthly._id,
  );
  const [row] = await ctx.db
    .select({ companyId: orders.companyId })
    .from(orders)
    .where(eq(orders.id, orderId));
  companyId = row?.companyId ?? "";
  await call(owner, "PUT", `/orders/${orderId}/assignee`, { assigneeId: designer.id });
  await call(owner, "PUT", `/workload/${owner.id}/rate`, { rate: 100 });
});
afterAll(() => ctx.close());

describe("billable time to an invoice", () => {
  it("asks for every member's rate, then makes a draft with a line per member and bills the entries on it", async () => {
    const ids = [await entry(designer, 90), await entry(owner, 30), await entry(designer, 45)];
    await entry(designer, 20, false);
    const listed = await unbilled();
    // The unbillable entry is not offered; the designer has no rate yet.
    expect(listed.entries.map((item) => item.minutes).sort()).toEqual([30, 45, 90]);
    expect(listed.entries.find((item) => item.minutes === 30)).toMatchObject({ rate: 100, amount: 50 });
    const noRate = await call(owner, "POST", "/time/invoice", {
      companyId,
      entryIds: ids,
      grouping: "member",
    });
    expect(noRate.statusCode).toBe(409);
    expect(noRate.json().error.message).toBe(timeMessages.noRate("Dana Designer"));

    expect((await call(owner, "PUT", `/workload/${designer.id}/rate`, { rate: 80 })).statusCode).toBe(200);
    const made = await call(owner, "POST", "/time/invoice", { companyId, entryIds: ids, grouping: "member" });
    expect(made.statusCode, made.body).toBe(200);
    const { invoiceId } = InvoicedTime.parse(made.json());
    const draft = AdminSalesDetail.parse((await call(owner, "GET", `/sales/${invoiceId}`)).json());
    expect(draft).toMatchObject({
      kind: "invoice",
      state: "draft",
      companyId,
      startsWork: false,
      forOrderId: orderId,
    });
    // Dana: 2 h 15 min at $80.00/h = $180; the owner: 30 min at $100.00/h = $50.
    const lines = draft.lines.map((line) => [line.description, line.amount]);
    expect(lines).toHaveLength(2);
    expect(lines).toEqual(
      expect.arrayContaining([
        ["Dana Designer: 2 h 15 min at $80.00/h", 180],
        [expect.stringMatching(/: 30 min at \$100\.00\/h$/), 50],
      ]),
    );
    expect(draft.total).toBe(230);
    expect((await unbilled()).entries).toEqual([]);

    // Deleting the draft leaves the entries unbilled again.
    expect((await call(owner, "DELETE", `/sales/${invoiceId}`)).statusCode).toBe(200);
    expect((await unbilled()).entries).toHaveLength(3);
  });

  it("bills an entry once when two invoices are asked for it at the same time", async () => {
    const ids = (await unbilled()).entries.map((item) => item._id);
    const both = await Promise.all([
      call(owner, "POST", "/time/invoice", { companyId, entryIds: ids, grouping: "entry" }),
      call(owner, "POST", "/time/invoice", { companyId, entryIds: ids, grouping: "entry" }),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const refused = both.find((response) => response.statusCode === 409);
    expect(refused?.json().error.message).toBe(timeMessages.alreadyBilled);
    const billedOn = await ctx.db.selectDistinct({ id: timeEntries.billedDocumentId }).from(timeEntries);
    expect(billedOn.filter((row) => row.id !== null)).toHaveLength(1);
    const invoiceId = InvoicedTime.parse(
      both.find((response) => response.statusCode === 200)?.json(),
    ).invoiceId;
    const draft = AdminSalesDetail.parse((await call(owner, "GET", `/sales/${invoiceId}`)).json());
    expect(draft.lines).toHaveLength(3);
  });

  it("is for a role that sees money, and refuses entries of another company", async () => {
    const money = await createAccount(ctx, {
      role: "3f1d7c2e-0000-4000-8000-0000000051e5",
      permissions: "sales.manage,orders.work,orders.all",
    });
    expect(
      (
        await call(money, "POST", "/time/invoice", {
          companyId,
          entryIds: [crypto.randomUUID()],
          grouping: "entry",
        })
      ).statusCode,
    ).toBe(403);
    const other = await placePaidOrder(ctx, await createAccount(ctx), (await planIds(ctx)).premiumYearly._id);
    const response = await call(owner, "POST", `/orders/${other}/time`, {
      day: today(),
      minutes: 10,
      note: "other company",
    });
    expect(response.statusCode).toBe(200);
    const [row] = await ctx.db
      .select({ id: timeEntries.id })
      .from(timeEntries)
      .where(eq(timeEntries.note, "other company"));
    const refused = await call(owner, "POST", "/time/invoice", {
      companyId,
      entryIds: [row?.id],
      grouping: "entry",
    });
    expect(refused.statusCode).toBe(409);
  });
});
