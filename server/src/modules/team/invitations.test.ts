import { createHash } from "node:crypto";
import {
  AdminStatus,
  AuditList,
  ErrorResponse,
  InvitationLookup,
  invitationMessages,
  TeamInvitation,
  TeamMemberList,
  teamMessages,
} from "@agency/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authHeaders,
  cookieHeader,
  createAccount,
  signIn,
  type TestAccount,
} from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { type OutboxMail, outbox, runJobs } from "../../../test/jobs.js";
import { teamInvitations, user } from "../../db/schema.js";

let ctx: TestContext;
let owner: TestAccount;
let shopName: string;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { role: "owner", name: "Olivia Owner" });
  shopName = (await ctx.app.inject({ method: "GET", url: "/api/site/content" })).json().site.name;
});
afterAll(() => ctx.close());

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, account?: TestAccount, payload?: object) =>
  ctx.app.inject({ method, url, headers: account ? { cookie: account.cookie } : {}, payload });

let addresses = 0;
const newAddress = () => {
  addresses += 1;
  return `invited${addresses}@example.com`;
};

async function invite(email: string, role = "staff", by = owner) {
  const response = await call("POST", "/api/team/invitations", by, { email, role });
  expect(response.statusCode, response.body).toBe(201);
  return TeamInvitation.parse(response.json());
}

/**
 * The invitation mail to `email` whose link works now, once the queued mail has gone out (the
 * worker sends mails side by side, so the outbox's order says nothing about which came last).
 */
async function invitationMail(email: string): Promise<OutboxMail & { token: string }> {
  await runJobs(ctx);
  const prefix = `${ctx.config.publicUrl}/team/join/`;
  const hashes = new Set(
    (await ctx.db.select().from(teamInvitations).where(eq(teamInvitations.email, email))).map(
      (row) => row.tokenHash,
    ),
  );
  for (const mail of (await outbox(ctx)).filter((each) => each.to === email)) {
    expect(mail.link?.startsWith(prefix)).toBe(true);
    const token = mail.link?.slice(prefix.length) ?? "";
    if (hashes.has(createHash("sha256").update(token).digest("hex"))) return { ...mail, token };
  }
  throw new Error(`No invitation mail to ${email} with a working link`);
}

const lookUp = (token: string) =>
  ctx.app.inject({ method: "GET", url: `/api/team/invitations/lookup?token=${encodeURIComponent(token)}` });

const accept = (token: string, name = "New Member", password = "member-password") =>
  ctx.app.inject({
    method: "POST",
    url: "/api/team/invitations/accept",
    headers: { origin: ctx.config.publicUrl },
    payload: { token, name, password },
  });

const refusal = (response: { body: string }) => ErrorResponse.parse(JSON.parse(response.body)).error;

async function team(): Promise<TeamMemberList> {
  const response = await call("GET", "/api/team/members", owner);
  expect(response.statusCode, response.body).toBe(200);
  return TeamMemberList.parse(response.json());
}

async function auditEntries(action: string) {
  const response = await call("GET", `/api/admin/audit?action=${action}`, owner);
  expect(response.statusCode, response.body).toBe(200);
  return AuditList.parse(response.json()).entries;
}

async function signInCookie(email: string, password: string): Promise<string> {
  const response = await signIn(ctx, email, password);
  expect(response.statusCode, response.body).toBe(200);
  return cookieHeader(response.headers["set-cookie"]);
}

describe("inviting someone to the team", () => {
  it("mails a link to join with the inviter, the role and the expiry, and keeps only the token's hash", async () => {
    const email = newAddress();
    const invitation = await invite(email);
    expect(invitation).toMatchObject({ email, role: "staff", roleName: "Staff", invitedBy: "Olivia Owner" });
    expect(invitation.expired).toBe(false);
    const days = (Date.parse(invitation.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const mail = await invitationMail(email);
    expect(mail.subject).toBe(`You're invited to join ${shopName}'s team`);
    expect(mail.text).toContain(`Olivia Owner invited you to join ${shopName}'s team as Staff.`);
    expect(mail.text).toContain(mail.link);
    const expires = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(
      new Date(invitation.expiresAt),
    );
    expect(mail.text).toContain(expires);
    expect(Buffer.from(mail.token, "base64url")).toHaveLength(32);

    const [row] = await ctx.db.select().from(teamInvitations).where(eq(teamInvitations.id, invitation.id));
    expect(row?.tokenHash).toBe(createHash("sha256").update(mail.token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(mail.token);

    expect((await team()).invitations).toContainEqual(invitation);
  });

  it("takes the invited person from the link to a signed-in member with the role", async () => {
    const email = newAddress();
    await invite(email, "admin");
    const { token } = await invitationMail(email);

    const looked = await lookUp(token);
    expect(looked.statusCode, looked.body).toBe(200);
    expect(InvitationLookup.parse(looked.json())).toMatchObject({ email, roleName: "Admin", shopName });

    const accepted = await accept(token, "Alex Admin", "alex-password");
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toEqual({ email });

    // No confirmation mail: the invitation's link already proved the address.
    const cookie = await signInCookie(email, "alex-password");
    const status = await ctx.app.inject({ method: "GET", url: `/api/admin/${email}`, headers: { cookie } });
    expect(AdminStatus.parse(status.json())).toMatchObject({ admin: true, role: "admin" });
    const [account] = await ctx.db.select().from(user).where(eq(user.email, email));
    expect(account).toMatchObject({ name: "Alex Admin", emailVerified: true, role: "admin" });

    const listed = await team();
    expect(listed.members.find((member) => member.email === email)).toMatchObject({
      name: "Alex Admin",
      role: "admin",
      roleName: "Admin",
      suspended: false,
    });
    expect(listed.invitations.map((each) => each.email)).not.toContain(email);

    // The link is spent.
    expect([(await lookUp(token)).statusCode, refusal(await lookUp(token)).message]).toEqual([
      410,
      invitationMessages.used,
    ]);
    expect((await accept(token)).statusCode).toBe(410);
  });

  it("gives a custom role's permissions to the member who accepts it", async () => {
    const created = await call("POST", "/api/team/roles", owner, {
      name: "Writers",
      permissions: ["content.edit", "messages.send"],
    });
    const roleKey = created.json().key as string;
    const email = newAddress();
    const invitation = await invite(email, roleKey);
    expect(invitation.roleName).toBe("Writers");
    const { token, text } = await invitationMail(email);
    expect(text).toContain("as Writers.");
    expect((await accept(token)).statusCode).toBe(201);
    const cookie = await signInCookie(email, "member-password");
    const status = AdminStatus.parse(
      (await ctx.app.inject({ method: "GET", url: `/api/admin/${email}`, headers: { cookie } })).json(),
    );
    expect(status).toMatchObject({ admin: true, role: roleKey });
    expect(status.permissions?.sort()).toEqual(["content.edit", "messages.send"]);
  });

  it("refuses an address that already has an account, customer or member, and says why", async () => {
    const customer = await createAccount(ctx);
    const asCustomer = await call("POST", "/api/team/invitations", owner, {
      email: customer.email.toUpperCase(),
      role: "staff",
    });
    expect([asCustomer.statusCode, refusal(asCustomer).message]).toEqual([
      409,
      invitationMessages.customerAccount,
    ]);
    const staff = await createAccount(ctx, { role: "staff" });
    const asMember = await call("POST", "/api/team/invitations", owner, {
      email: staff.email,
      role: "admin",
    });
    expect([asMember.statusCode, refusal(asMember).message]).toEqual([409, invitationMessages.memberAccount]);
  });

  it("refuses a second open invitation to the same address and offers to send it again", async () => {
    const email = newAddress();
    await invite(email);
    const again = await call("POST", "/api/team/invitations", owner, {
      email: email.toUpperCase(),
      role: "admin",
    });
    expect(again.statusCode).toBe(409);
    expect(refusal(again)).toMatchObject({
      message: invitationMessages.alreadyInvited,
      fields: { email: invitationMessages.alreadyInvited },
    });
  });

  it("refuses the owner's role, an unknown role and a bad address, and sends nothing", async () => {
    const before = (await team()).invitations.length;
    const asOwner = await call("POST", "/api/team/invitations", owner, {
      email: newAddress(),
      role: "owner",
    });
    expect([asOwner.statusCode, refusal(asOwner).fields]).toEqual([
      400,
      { role: invitationMessages.ownerRole },
    ]);
    const unknown = await call("POST", "/api/team/invitations", owner, { email: newAddress(), role: "boss" });
    expect([unknown.statusCode, refusal(unknown).fields]).toEqual([400, { role: teamMessages.unknownRole }]);
    const badAddress = await call("POST", "/api/team/invitations", owner, {
      email: "not-an-address",
      role: "staff",
    });
    expect(badAddress.statusCode).toBe(400);
    expect((await team()).invitations).toHaveLength(before);
  });
});

describe("an invitation's life", () => {
  it("expires 7 days after it was sent; sending it again gives a new link for 7 more days", async () => {
    const email = newAddress();
    const invitation = await invite(email);
    const { token: first } = await invitationMail(email);
    await ctx.db
      .update(teamInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvitations.id, invitation.id));

    const expired = await lookUp(first);
    expect([expired.statusCode, refusal(expired).message]).toEqual([410, invitationMessages.expired]);
    expect((await accept(first)).statusCode).toBe(410);
    expect((await team()).invitations.find((each) => each.id === invitation.id)?.expired).toBe(true);

    const resent = await call("POST", `/api/team/invitations/${invitation.id}/resend`, owner);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(TeamInvitation.parse(resent.json()).expired).toBe(false);
    const { token: second } = await invitationMail(email);
    expect(second).not.toBe(first);
    // The first link is dead for good; the new one works.
    expect((await lookUp(first)).statusCode).toBe(404);
    expect((await accept(first)).statusCode).toBe(404);
    expect((await accept(second)).statusCode).toBe(201);
  });

  it("stops working once revoked, and the address can then be invited again", async () => {
    const email = newAddress();
    const invitation = await invite(email);
    const { token } = await invitationMail(email);
    const revoked = await call("POST", `/api/team/invitations/${invitation.id}/revoke`, owner);
    expect([revoked.statusCode, revoked.json()]).toEqual([200, { modifiedCount: 1 }]);
    expect((await call("POST", `/api/team/invitations/${invitation.id}/revoke`, owner)).json()).toEqual({
      modifiedCount: 0,
    });

    const looked = await lookUp(token);
    expect([looked.statusCode, refusal(looked).message]).toEqual([410, invitationMessages.revoked]);
    expect((await accept(token)).statusCode).toBe(410);
    expect((await call("POST", `/api/team/invitations/${invitation.id}/resend`, owner)).statusCode).toBe(409);
    expect((await team()).invitations.map((each) => each.id)).not.toContain(invitation.id);
    await invite(email);
  });

  it("answers 404 for a link no invitation has, and for an id that is no invitation's", async () => {
    const looked = await lookUp("no-such-token");
    expect([looked.statusCode, refusal(looked).message]).toEqual([404, invitationMessages.unknown]);
    expect((await accept("no-such-token")).statusCode).toBe(404);
    expect((await call("POST", "/api/team/invitations/not-an-id/resend", owner)).statusCode).toBe(404);
    expect(
      (await call("POST", "/api/team/invitations/3f1d7c2e-0000-4000-8000-000000000000/revoke", owner))
        .statusCode,
    ).toBe(404);
  });

  it("refuses a short password or a missing name when accepting, and makes no account", async () => {
    const email = newAddress();
    await invite(email);
    const { token } = await invitationMail(email);
    const short = await accept(token, "Sam", "12345");
    expect([short.statusCode, refusal(short).fields]).toEqual([
      400,
      { password: invitationMessages.passwordTooShort(6) },
    ]);
    expect((await accept(token, "   ")).statusCode).toBe(400);
    expect(await ctx.db.select().from(user).where(eq(user.email, email))).toEqual([]);
    expect((await lookUp(token)).statusCode).toBe(200);
  });

  it("refuses to accept when the address got a customer account meanwhile, and changes nothing", async () => {
    const email = newAddress();
    await invite(email);
    const { token } = await invitationMail(email);
    await createAccount(ctx, { email });
    const accepted = await accept(token);
    expect([accepted.statusCode, refusal(accepted).message]).toEqual([
      409,
      invitationMessages.customerAccount,
    ]);
    const [account] = await ctx.db.select().from(user).where(eq(user.email, email));
    expect(account?.role).toBeNull();
    expect((await lookUp(token)).statusCode).toBe(200);
  });

  it("makes no account when the role cannot be given: the account, the role and the invitation change together", async () => {
    const email = newAddress();
    const invitation = await invite(email);
    const { token } = await invitationMail(email);
    // A role that no longer exists (the role editor refuses to delete one an invitation offers).
    await ctx.db
      .update(teamInvitations)
      .set({ role: "3f1d7c2e-0000-4000-8000-00000000dead" })
      .where(eq(teamInvitations.id, invitation.id));
    const accepted = await accept(token);
    expect([accepted.statusCode, refusal(accepted).message]).toEqual([400, teamMessages.unknownRole]);
    expect(await ctx.db.select().from(user).where(eq(user.email, email))).toEqual([]);
    const [row] = await ctx.db.select().from(teamInvitations).where(eq(teamInvitations.id, invitation.id));
    expect(row?.acceptedAt).toBeNull();
  });

  it("records sending, sending again, withdrawing and accepting in the audit log, without the address", async () => {
    const email = newAddress();
    const invitation = await invite(email);
    await call("POST", `/api/team/invitations/${invitation.id}/resend`, owner);
    const { token } = await invitationMail(email);
    await accept(token);
    const other = await invite(newAddress());
    await call("POST", `/api/team/invitations/${other.id}/revoke`, owner);

    const subject = (id: string) => ({ type: "team_invitation", id, label: null, email: null });
    const [sent] = (await auditEntries("team.invitation_sent")).filter((e) => e.subject.id === invitation.id);
    expect(sent).toMatchObject({ actor: { type: "admin", id: owner.id }, subject: subject(invitation.id) });
    expect(sent?.after).toMatchObject({ role: "staff" });
    const [resent] = await auditEntries("team.invitation_resent");
    expect(resent).toMatchObject({ subject: subject(invitation.id) });
    const [accepted] = await auditEntries("team.invitation_accepted");
    expect(accepted).toMatchObject({
      subject: subject(invitation.id),
      before: { accepted: false },
      after: { accepted: true, role: "staff" },
    });
    const [revoked] = await auditEntries("team.invitation_revoked");
    expect(revoked).toMatchObject({ subject: subject(other.id), after: { revoked: true } });
    for (const entry of [sent, resent, accepted, revoked]) {
      expect(JSON.stringify({ ...entry, actor: null })).not.toContain(email);
    }
  });
});

describe("the public invitation calls", () => {
  it("are limited per client address", async () => {
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "2" } });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await limited.app.inject({
          method: "GET",
          url: "/api/team/invitations/lookup?token=guess",
          headers: authHeaders(limited),
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});
