import { apiKeyMessages, grantMessages, permissions } from "@agency/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { bearer, makeApiKey, makeRole } from "../../../test/api-keys.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { newAddress, refusal, teamCalls } from "../../../test/team.js";
import { teamInvitations, teamRoles, user } from "../../db/schema.js";

/**
 * Nobody grants what they do not hold: a member who may manage the team (and make API keys) but
 * holds little else tries every way to become an Admin, and each is refused (403) with nothing
 * changed.
 */
let ctx: TestContext;
let owner: TestAccount;
let admin: TestAccount;
/** A member whose role is only "manage the team" and "manage API keys". */
let manager: TestAccount;
let managers: string;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { role: "owner" });
  admin = await createAccount(ctx, { role: "admin" });
  managers = await makeRole(ctx, owner, "Managers", ["team.manage", "integrations.manage"]);
  manager = await createAccount(ctx, { role: managers, permissions: "team.manage,integrations.manage" });
});
afterAll(() => ctx.close());

const { call } = teamCalls(
  () => ctx,
  () => owner,
);
const refused = (response: { statusCode: number; body: string }) => [
  response.statusCode,
  refusal(response).message,
];
const roleOf = async (account: TestAccount) =>
  (
    await ctx.db
      .select({ role: user.role, permissions: user.permissions })
      .from(user)
      .where(eq(user.id, account.id))
  )[0];
const everything = { name: "Everything", permissions: [...permissions] };

describe("a member who may manage the team cannot make themselves an Admin", () => {
  it("by giving themselves the built-in Admin role (or any other role)", async () => {
    const self = await call("PUT", `/api/team/members/${manager.id}/role`, manager, { role: "admin" });
    expect(refused(self)).toEqual([403, grantMessages.ownRole]);
    const staff = await call("PUT", `/api/team/members/${manager.id}/role`, manager, { role: "staff" });
    expect(refused(staff)).toEqual([403, grantMessages.ownRole]);
    expect(await roleOf(manager)).toEqual({ role: managers, permissions: "team.manage,integrations.manage" });
  });

  it("by widening the role they hold", async () => {
    const widened = await call("PUT", `/api/team/roles/${managers}`, manager, everything);
    expect(refused(widened)).toEqual([403, grantMessages.heldRole]);
    const [row] = await ctx.db.select().from(teamRoles).where(eq(teamRoles.id, managers));
    expect(row?.permissions).toEqual(["team.manage", "integrations.manage"]);
    expect((await roleOf(manager))?.permissions).toBe("team.manage,integrations.manage");
  });

  it("by making an all-permission role and taking it", async () => {
    const made = await call("POST", "/api/team/roles", manager, everything);
    expect(refused(made)).toEqual([403, grantMessages.notHeld]);
    expect(await ctx.db.select().from(teamRoles).where(eq(teamRoles.name, "Everything"))).toEqual([]);

    // One the owner made: they can neither take it nor give it, nor edit it down or up.
    const wide = await makeRole(ctx, owner, "Wide", permissions);
    const taken = await call("PUT", `/api/team/members/${manager.id}/role`, manager, { role: wide });
    expect(refused(taken)).toEqual([403, grantMessages.ownRole]);
    const staff = await createAccount(ctx, { role: "staff" });
    const given = await call("PUT", `/api/team/members/${staff.id}/role`, manager, { role: wide });
    expect(refused(given)).toEqual([403, grantMessages.memberBeyondYours]);
    const edited = await call("PUT", `/api/team/roles/${wide}`, manager, {
      name: "Wide",
      permissions: ["team.manage"],
    });
    expect(refused(edited)).toEqual([403, grantMessages.roleBeyondYours]);
    expect(await roleOf(manager)).toMatchObject({ role: managers });
  });

  it("through an API key of their role", async () => {
    const made = await makeApiKey(ctx, manager, { role: managers, name: "Escalator" });
    const withKey = (method: "PUT" | "POST", url: string, payload: object) =>
      ctx.app.inject({ method, url, payload, headers: bearer(made.key) });

    const self = await withKey("PUT", `/api/team/members/${manager.id}/role`, { role: "admin" });
    expect(refused(self)).toEqual([403, grantMessages.ownRole]);
    const widened = await withKey("PUT", `/api/team/roles/${managers}`, everything);
    expect(refused(widened)).toEqual([403, grantMessages.heldRole]);
    const created = await withKey("POST", "/api/team/roles", everything);
    expect(refused(created)).toEqual([403, grantMessages.notHeld]);
    const invited = await withKey("POST", "/api/team/invitations", { email: newAddress(), role: "admin" });
    expect(refused(invited)).toEqual([403, grantMessages.adminsByOwner]);
    const promoted = await withKey("PUT", `/api/user/admin/${manager.email}`, {});
    expect(refused(promoted)).toEqual([403, grantMessages.adminsByOwner]);
    expect(await roleOf(manager)).toMatchObject({ role: managers });

    // Nor a key of a role wider than their own.
    const adminKey = await call("POST", "/api/admin/api-keys", manager, { name: "Root", role: "admin" });
    expect(refused(adminKey)).toEqual([403, apiKeyMessages.notHeld]);
  });
});

describe("only the owner makes or removes Admins", () => {
  it("refuses an invitation as an Admin from anyone else, and one with permissions the inviter lacks", async () => {
    for (const by of [manager, admin]) {
      const email = newAddress();
      const response = await call("POST", "/api/team/invitations", by, { email, role: "admin" });
      expect(refused(response)).toEqual([403, grantMessages.adminsByOwner]);
      expect(await ctx.db.select().from(teamInvitations).where(eq(teamInvitations.email, email))).toEqual([]);
    }
    const beyond = await call("POST", "/api/team/invitations", manager, {
      email: newAddress(),
      role: "staff",
    });
    expect(refused(beyond)).toEqual([403, grantMessages.roleBeyondYours]);
    const own = await call("POST", "/api/team/invitations", manager, { email: newAddress(), role: managers });
    expect(own.statusCode).toBe(201);
    const byOwner = await call("POST", "/api/team/invitations", owner, {
      email: newAddress(),
      role: "admin",
    });
    expect(byOwner.statusCode).toBe(201);
    // Sending the owner's Admin invitation again offers Admin anew: the owner's to do.
    const resent = await call("POST", `/api/team/invitations/${byOwner.json().id}/resend`, admin);
    expect(refused(resent)).toEqual([403, grantMessages.adminsByOwner]);
  });

  it("refuses PUT /api/user/admin from anyone but the owner", async () => {
    const customer = await createAccount(ctx);
    for (const by of [manager, admin]) {
      const response = await call("PUT", `/api/user/admin/${customer.email}`, by);
      expect(refused(response)).toEqual([403, grantMessages.adminsByOwner]);
    }
    expect((await roleOf(customer))?.role).toBeNull();
    const made = await call("PUT", `/api/user/admin/${customer.email}`, owner);
    expect([made.statusCode, made.json()]).toEqual([200, { modifiedCount: 1 }]);
    expect((await roleOf(customer))?.role).toBe("admin");

    // Taking an Admin's role away is the owner's too, by either route.
    const removed = await call("PUT", `/api/user/remove-admin/${customer.email}`, admin);
    expect(refused(removed)).toEqual([403, grantMessages.adminsByOwner]);
    const demoted = await call("PUT", `/api/team/members/${customer.id}/role`, admin, { role: "staff" });
    expect(refused(demoted)).toEqual([403, grantMessages.adminsByOwner]);
    const suspended = await call("POST", `/api/team/members/${customer.id}/suspend`, admin);
    expect(refused(suspended)).toEqual([403, grantMessages.adminsByOwner]);
    expect((await roleOf(customer))?.role).toBe("admin");
    const byOwner = await call("PUT", `/api/user/remove-admin/${customer.email}`, owner);
    expect([byOwner.statusCode, byOwner.json()]).toEqual([200, { modifiedCount: 1 }]);
  });

  it("lets an Admin give, make and edit roles within their permissions, and the owner give Admin", async () => {
    const staff = await createAccount(ctx, { role: "staff" });
    const writers = await call("POST", "/api/team/roles", admin, {
      name: "Writers",
      permissions: ["content.edit"],
    });
    expect(writers.statusCode).toBe(201);
    const key = writers.json().key;
    const edited = await call("PUT", `/api/team/roles/${key}`, admin, {
      name: "Writers",
      permissions: ["content.edit", "messages.send"],
    });
    expect(edited.statusCode).toBe(200);
    const given = await call("PUT", `/api/team/members/${staff.id}/role`, admin, { role: key });
    expect([given.statusCode, given.json()]).toEqual([200, { modifiedCount: 1 }]);
    const made = await call("PUT", `/api/team/members/${staff.id}/role`, owner, { role: "admin" });
    expect([made.statusCode, made.json()]).toEqual([200, { modifiedCount: 1 }]);
  });

  it("lets a member give a role within theirs, but not touch a member whose role has more", async () => {
    const newcomer = await createAccount(ctx, {
      role: managers,
      permissions: "team.manage,integrations.manage",
    });
    const narrow = await makeRole(ctx, owner, "Integrations", ["integrations.manage"]);
    const given = await call("PUT", `/api/team/members/${newcomer.id}/role`, manager, { role: narrow });
    expect([given.statusCode, given.json()]).toEqual([200, { modifiedCount: 1 }]);
    const staff = await createAccount(ctx, { role: "staff" });
    const taken = await call("PUT", `/api/team/members/${staff.id}/role`, manager, { role: narrow });
    expect(refused(taken)).toEqual([403, grantMessages.memberBeyondYours]);
    const removed = await call("DELETE", `/api/team/members/${staff.id}`, manager);
    expect(refused(removed)).toEqual([403, grantMessages.memberBeyondYours]);
    expect((await roleOf(staff))?.role).toBe("staff");
  });
});
