import { createHash } from "node:crypto";
import { AdminStatus, InvitationLookup, invitationMessages, teamMessages } from "@agency/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { invitationCalls, newAddress, refusal, teamCalls } from "../../../test/team.js";
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

const { call, team } = teamCalls(
  () => ctx,
  () => owner,
);
const { invite, invitationMail, lookUp, accept, signInCookie } = invitationCalls(
  () => ctx,
  () => owner,
);

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
