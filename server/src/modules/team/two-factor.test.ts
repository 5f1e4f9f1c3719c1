import { TeamTwoFactor, twoFactorMessages } from "@agency/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, signIn, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { refusal, teamCalls } from "../../../test/team.js";
import { turnOnTwoFactor } from "../../../test/two-factor.js";

let ctx: TestContext;
let owner: TestAccount;
let admin: TestAccount;
let staff: TestAccount;
let customer: TestAccount;

beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  owner = await createAccount(ctx, { role: "owner" });
  admin = await createAccount(ctx, { role: "admin" });
  staff = await createAccount(ctx, { role: "staff" });
  customer = await createAccount(ctx);
});
afterAll(() => ctx.close());

const { call, auditEntries } = teamCalls(
  () => ctx,
  () => owner,
);

async function teamTwoFactor(): Promise<TeamTwoFactor> {
  const response = await call("GET", "/api/team/two-factor", owner);
  expect(response.statusCode, response.body).toBe(200);
  return TeamTwoFactor.parse(response.json());
}

/** A team route Staff may call (their work). */
const teamRoute = (account: TestAccount) => call("GET", "/api/orders", account);

describe("the owner's requirement", () => {
  it("is the owner's alone, and only once the owner signs in with a code", async () => {
    const early = await call("PUT", "/api/team/two-factor", owner, { required: true });
    expect(early.statusCode).toBe(409);
    expect(refusal(early).message).toBe(twoFactorMessages.ownerFirst);

    await turnOnTwoFactor(ctx, owner);
    const byAdmin = await call("PUT", "/api/team/two-factor", admin, { required: true });
    expect(byAdmin.statusCode).toBe(403);
    expect(refusal(byAdmin).message).toBe(twoFactorMessages.onlyOwner);

    const done = await call("PUT", "/api/team/two-factor", owner, { required: true });
    expect(done.json()).toEqual({ modifiedCount: 1 });
    const [entry] = await auditEntries("team.two_factor_requirement_changed");
    expect(entry).toMatchObject({
      actor: { type: "admin", id: owner.id },
      before: { required: false },
      after: { required: true },
    });
    expect((await teamTwoFactor()).required).toBe(true);
  });

  it("closes the team routes to a member without a second factor until they set one up", async () => {
    const refused = await teamRoute(staff);
    expect(refused.statusCode).toBe(403);
    expect(refusal(refused)).toEqual({ code: "forbidden", message: twoFactorMessages.setUpFirst });
    expect((await call("GET", "/api/two-factor", staff)).json()).toEqual({ enabled: false, required: true });
    // A customer is not asked; the owner, who has it, goes on.
    expect((await call("GET", "/api/two-factor", customer)).json()).toEqual({
      enabled: false,
      required: false,
    });
    expect((await teamRoute(owner)).statusCode).toBe(200);
    // Nor does the customer's side open others' records to them: an Admin without a code reads a
    // customer's orders as a customer would (refused), yet is still told it is on the team.
    const othersOrders = await call("GET", `/api/order?email=${encodeURIComponent(customer.email)}`, admin);
    expect(othersOrders.statusCode).toBe(403);
    expect((await call("GET", `/api/admin/${encodeURIComponent(admin.email)}`, admin)).json()).toMatchObject({
      admin: true,
    });
    expect(
      (await call("GET", `/api/order?email=${encodeURIComponent(customer.email)}`, owner)).statusCode,
    ).toBe(200);

    await turnOnTwoFactor(ctx, staff);
    expect((await teamRoute(staff)).statusCode).toBe(200);
    expect((await call("GET", "/api/two-factor", staff)).json()).toEqual({ enabled: true, required: true });
    const listed = (await teamTwoFactor()).members.find((member) => member.id === staff.id);
    expect(listed).toMatchObject({ email: staff.email, role: "staff", enabled: true });
  });
});

describe("the owner's reset of a member's second factor", () => {
  it("lets the member in with the password alone, sends them to set it up again, and is audited", async () => {
    const byAdmin = await call("POST", `/api/team/members/${staff.id}/two-factor/reset`, admin);
    expect(byAdmin.statusCode).toBe(403);

    const reset = await call("POST", `/api/team/members/${staff.id}/two-factor/reset`, owner);
    expect(reset.json()).toEqual({ modifiedCount: 1 });
    const [entry] = await auditEntries("team.member_two_factor_reset");
    expect(entry).toMatchObject({
      actor: { type: "admin", id: owner.id },
      subject: { type: "user", id: staff.id },
      before: { twoFactorEnabled: true },
      after: { twoFactorEnabled: false },
    });

    const signedIn = await signIn(ctx, staff.email, staff.password);
    expect(signedIn.json()).not.toHaveProperty("twoFactorRedirect");
    expect(refusal(await teamRoute(staff)).message).toBe(twoFactorMessages.setUpFirst);
    // Nothing left to reset: nothing changes, and nothing more is written.
    const again = await call("POST", `/api/team/members/${staff.id}/two-factor/reset`, owner);
    expect(again.json()).toEqual({ modifiedCount: 0 });
    expect(await auditEntries("team.member_two_factor_reset")).toHaveLength(1);
  });

  it("is for other members of the team only", async () => {
    const unknown = await call("POST", "/api/team/members/no-such-member/two-factor/reset", owner);
    expect(unknown.statusCode).toBe(404);
    const ofCustomer = await call("POST", `/api/team/members/${customer.id}/two-factor/reset`, owner);
    expect(refusal(ofCustomer).message).toBe(twoFactorMessages.notMember);
    const ofOwner = await call("POST", `/api/team/members/${owner.id}/two-factor/reset`, owner);
    expect(refusal(ofOwner).message).toBe(twoFactorMessages.ownAccount);
  });

  it("opens the team routes to everyone again when the owner stops requiring it", async () => {
    const off = await call("PUT", "/api/team/two-factor", owner, { required: false });
    expect(off.json()).toEqual({ modifiedCount: 1 });
    expect((await teamRoute(staff)).statusCode).toBe(200);
    expect(await auditEntries("team.two_factor_requirement_changed")).toHaveLength(2);
  });
});
