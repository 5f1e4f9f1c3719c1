import { memberMessages } from "@agency/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, signIn, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { refusal, teamCalls } from "../../../test/team.js";
import { roleChanges, session, user } from "../../db/schema.js";

let ctx: TestContext;
let owner: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { role: "owner", name: "Olivia Owner" });
  admin = await createAccount(ctx, { role: "admin", name: "Adam Admin" });
});
afterAll(() => ctx.close());

const { call, team, auditEntries } = teamCalls(
  () => ctx,
  () => admin,
);

/** Whether the account's cookie still opens a signed-in call. */
async function signedIn(account: TestAccount): Promise<boolean> {
  const response = await call("GET", `/api/admin/${account.email}`, account);
  return response.statusCode === 200;
}

describe("suspending a member", () => {
  it("ends their sessions and refuses their sign-in until they are let back in", async () => {
    const staff = await createAccount(ctx, { role: "staff" });
    expect(await signedIn(staff)).toBe(true);

    const suspended = await call("POST", `/api/team/members/${staff.id}/suspend`, admin);
    expect([suspended.statusCode, suspended.json()]).toEqual([200, { modifiedCount: 1 }]);
    expect(await ctx.db.select().from(session).where(eq(session.userId, staff.id))).toEqual([]);
    expect(await signedIn(staff)).toBe(false);
    const refused = await signIn(ctx, staff.email, staff.password);
    expect([refused.statusCode, refused.json().message]).toEqual([403, memberMessages.suspendedSignIn]);
    const listed = (await team()).members.find((member) => member.id === staff.id);
    expect(listed).toMatchObject({ role: "staff", suspended: true });
    expect(listed?.suspendedAt).not.toBeNull();
    // Suspending again changes nothing.
    expect((await call("POST", `/api/team/members/${staff.id}/suspend`, admin)).json()).toEqual({
      modifiedCount: 0,
    });

    const back = await call("POST", `/api/team/members/${staff.id}/unsuspend`, admin);
    expect([back.statusCode, back.json()]).toEqual([200, { modifiedCount: 1 }]);
    expect((await signIn(ctx, staff.email, staff.password)).statusCode).toBe(200);
    expect((await team()).members.find((member) => member.id === staff.id)).toMatchObject({
      role: "staff",
      suspended: false,
    });

    const [suspendedEntry] = await auditEntries("team.member_suspended");
    expect(suspendedEntry).toMatchObject({
      actor: { type: "admin", id: admin.id },
      subject: { type: "user", id: staff.id },
      before: { suspended: false },
      after: { suspended: true },
    });
    const [backEntry] = await auditEntries("team.member_unsuspended");
    expect(backEntry).toMatchObject({ subject: { id: staff.id }, after: { suspended: false } });
  });

  it("never touches the owner, nor lets anyone suspend or remove themselves", async () => {
    for (const url of [`/api/team/members/${owner.id}/suspend`, `/api/team/members/${owner.id}`]) {
      const response = await call(url.endsWith("suspend") ? "POST" : "DELETE", url, admin);
      expect([response.statusCode, refusal(response).message]).toEqual([409, memberMessages.ownerProtected]);
    }
    const self = await call("POST", `/api/team/members/${admin.id}/suspend`, admin);
    expect([self.statusCode, refusal(self).message]).toEqual([409, memberMessages.notYourself]);
    const selfRemoval = await call("DELETE", `/api/team/members/${admin.id}`, admin);
    expect([selfRemoval.statusCode, refusal(selfRemoval).message]).toEqual([409, memberMessages.notYourself]);
    expect(await signedIn(owner)).toBe(true);
    expect(await signedIn(admin)).toBe(true);
  });

  it("answers 404 for a customer or an unknown id", async () => {
    const customer = await createAccount(ctx);
    expect((await call("POST", `/api/team/members/${customer.id}/suspend`, admin)).statusCode).toBe(404);
    expect((await call("POST", "/api/team/members/no-such-member/unsuspend", admin)).statusCode).toBe(404);
    expect((await call("DELETE", "/api/team/members/no-such-member", admin)).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(user).where(eq(user.id, customer.id));
    expect(row?.suspendedAt).toBeNull();
  });

  it("keeps a suspended member from being handed the shop or given a role", async () => {
    const staff = await createAccount(ctx, { role: "staff" });
    await call("POST", `/api/team/members/${staff.id}/suspend`, admin);
    const handOver = await call("POST", "/api/team/owner", owner, { memberId: staff.id });
    expect(handOver.statusCode).toBe(409);
    const role = await call("PUT", `/api/team/members/${staff.id}/role`, owner, { role: "admin" });
    expect(role.statusCode).toBe(409);
  });
});

describe("removing a member", () => {
  it("takes their role and their sign-in away, and keeps their name in the history", async () => {
    const staff = await createAccount(ctx, { role: "staff", name: "Stella Staff" });
    const removed = await call("DELETE", `/api/team/members/${staff.id}`, admin);
    expect([removed.statusCode, removed.json()]).toEqual([200, { deletedCount: 1 }]);

    expect((await team()).members.map((member) => member.id)).not.toContain(staff.id);
    expect(await signedIn(staff)).toBe(false);
    expect((await signIn(ctx, staff.email, staff.password)).statusCode).toBe(403);
    const [row] = await ctx.db.select().from(user).where(eq(user.id, staff.id));
    expect(row).toMatchObject({ name: "Stella Staff", role: null, permissions: null });
    expect(row?.suspendedAt).not.toBeNull();
    // Not a customer account in disguise: it cannot come back through "Make an Admin" either.
    const made = await call("PUT", `/api/user/admin/${staff.email}`, owner);
    expect(made.statusCode).toBe(409);

    const [change] = await ctx.db.select().from(roleChanges).where(eq(roleChanges.targetId, staff.id));
    expect(change).toMatchObject({ actorId: admin.id, fromRole: "staff", toRole: null });
    const [entry] = await auditEntries("team.member_removed");
    expect(entry).toMatchObject({
      actor: { type: "admin", id: admin.id },
      subject: { type: "user", id: staff.id },
      before: { role: "staff", suspended: false },
      after: { role: null, suspended: true },
    });
    // Removing again finds no member.
    expect((await call("DELETE", `/api/team/members/${staff.id}`, admin)).statusCode).toBe(404);
  });
});
