import { invitationMessages, TeamInvitation, teamMessages } from "@agency/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders, createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { invitationCalls, newAddress, refusal, teamCalls } from "../../../test/team.js";
import { teamInvitations, user } from "../../db/schema.js";

let ctx: TestContext;
let owner: TestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { role: "owner", name: "Olivia Owner" });
});
afterAll(() => ctx.close());

const { call, team, auditEntries } = teamCalls(
  () => ctx,
  () => owner,
);
const { invite, invitationMail, lookUp, accept } = invitationCalls(
  () => ctx,
  () => owner,
);

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
