import { type ClientRole, orderFollowerMessages } from "@agency/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { outbox, runJobs } from "../../../test/jobs.js";
import { placePaidOrder, planIds } from "../../../test/orders.js";
import { user } from "../../db/schema.js";
import { addPersonToCompany } from "../companies/index.js";
import { messageMailWindowMs } from "../messages/index.js";

let ctx: TestContext;
let owner: TestAccount;
let ceo: TestAccount;
let orderId: string;
const people = {} as Record<Exclude<ClientRole, "admin">, TestAccount>;

const call = (account: TestAccount, method: "GET" | "PUT" | "POST", url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie: account.cookie }, payload });

const followers = async (account: TestAccount) => {
  const response = await call(account, "GET", `/api/order/${orderId}/followers`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { following: boolean; followers: { name: string }[] };
};
const names = async (account: TestAccount) =>
  (await followers(account)).followers.map((follower) => follower.name).sort();

/** The mails sent to `to` since `before` (an outbox length), by subject. */
async function mailedSince(before: number, to: string): Promise<string[]> {
  return (await outbox(ctx))
    .slice(before)
    .filter((mail) => mail.to.toLowerCase() === to.toLowerCase())
    .map((mail) => mail.subject);
}

beforeAll(async () => {
  ctx = await createTestApp();
  const plans = await planIds(ctx);
  owner = await createAccount(ctx, { role: "owner" });
  ceo = await createAccount(ctx, { name: "Cleo CEO" });
  orderId = await placePaidOrder(ctx, ceo, plans.standardMonthly._id);
  const [row] = await ctx.db.select({ companyId: user.companyId }).from(user).where(eq(user.id, ceo.id));
  const companyId = row?.companyId ?? "";
  for (const role of ["approver", "billing", "member"] as const) {
    const person = await createAccount(ctx, { name: `${role} person` });
    await ctx.db.transaction((tx) =>
      addPersonToCompany(tx, { companyId, userId: person.id, companyRole: role }),
    );
    people[role] = person;
  }
  ctx.app.sessionCache.clear();
  await runJobs(ctx);
});
afterAll(() => ctx.close());

describe("an order's followers", () => {
  it("are the one who ordered and the company's Admins until someone follows or stops", async () => {
    expect(await names(people.member)).toEqual(["Cleo CEO"]);
    expect((await followers(ceo)).following).toBe(true);
    expect((await followers(people.member)).following).toBe(false);

    const followed = await call(people.member, "PUT", `/api/order/${orderId}/following`, { follow: true });
    expect(followed.statusCode, followed.body).toBe(200);
    expect(followed.json().following).toBe(true);
    expect(await names(ceo)).toEqual(["Cleo CEO", "member person"]);

    // The team sees who follows, but does not follow a client's order; others find no order.
    expect(await names(owner)).toEqual(["Cleo CEO", "member person"]);
    const team = await call(owner, "PUT", `/api/order/${orderId}/following`, { follow: true });
    expect(team.statusCode).toBe(403);
    expect(team.json().error.message).toBe(orderFollowerMessages.clientsOnly);
    const outsider = await createAccount(ctx);
    expect((await call(outsider, "GET", `/api/order/${orderId}/followers`)).statusCode).toBe(404);
    expect(
      (await call(outsider, "PUT", `/api/order/${orderId}/following`, { follow: true })).statusCode,
    ).toBe(404);
    expect((await call(ceo, "GET", "/api/order/not-an-id/followers")).statusCode).toBe(404);
    expect((await call(ceo, "PUT", `/api/order/${orderId}/following`, { follow: "yes" })).statusCode).toBe(
      400,
    );
  });

  it("get the order's mails: the work's news to each follower, its money only to those who see money", async () => {
    // The CEO stops following; the Billing person follows.
    await call(ceo, "PUT", `/api/order/${orderId}/following`, { follow: false });
    await call(people.billing, "PUT", `/api/order/${orderId}/following`, { follow: true });
    expect(await names(ceo)).toEqual(["billing person", "member person"]);

    const before = (await outbox(ctx)).length;
    const moved = await call(owner, "POST", `/api/admin/orders/${orderId}/state`, { state: "in_progress" });
    expect(moved.statusCode, moved.body).toBe(200);
    const [payment] = (await call(owner, "GET", `/api/admin/orders/${orderId}`)).json().payments;
    const refund = await call(owner, "POST", `/api/admin/orders/${orderId}/refunds`, {
      paymentId: payment._id,
      amount: 5,
      reason: "Late start",
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await runJobs(ctx);

    const working = /^We are working on order/;
    const refunded = /^We refunded/;
    const member = await mailedSince(before, people.member.email);
    expect(member.some((subject) => working.test(subject))).toBe(true);
    expect(member.some((subject) => refunded.test(subject))).toBe(false);
    const billing = await mailedSince(before, people.billing.email);
    expect(billing.some((subject) => working.test(subject))).toBe(true);
    expect(billing.some((subject) => refunded.test(subject))).toBe(true);
    // Neither the CEO, who stopped following, nor the Approver, who never followed.
    expect(await mailedSince(before, ceo.email)).toEqual([]);
    expect(await mailedSince(before, people.approver.email)).toEqual([]);
  });

  it("the agency's messages reach each follower who has not read them", async () => {
    const before = (await outbox(ctx)).length;
    const posted = await call(owner, "POST", `/api/order/${orderId}/messages`, {
      body: "Kick-off is on Monday.",
    });
    expect(posted.statusCode, posted.body).toBe(200);
    // The Billing person reads the thread before the mail's window closes; the Member does not.
    expect((await call(people.billing, "GET", `/api/order/${orderId}/messages`)).statusCode).toBe(200);
    ctx.clock.advance(messageMailWindowMs);
    await runJobs(ctx);
    const newMessage = /^New message on order/;
    expect(
      (await mailedSince(before, people.member.email)).filter((subject) => newMessage.test(subject)),
    ).toHaveLength(1);
    for (const reader of [people.billing, ceo]) {
      expect((await mailedSince(before, reader.email)).filter((subject) => newMessage.test(subject))).toEqual(
        [],
      );
    }
  });
});
