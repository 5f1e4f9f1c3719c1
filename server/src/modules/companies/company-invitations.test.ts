import { companyMessages, companyInvitationMessages as messages } from "@agency/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { outbox, runJobs } from "../../../test/jobs.js";
import { placePaidOrder, planIds } from "../../../test/orders.js";
import { mailedTokenHash } from "../../auth/mailed-token.js";
import { companyInvitations } from "../../db/schema.js";

let ctx: TestContext;
let plans: Awaited<ReturnType<typeof planIds>>;

beforeAll(async () => {
  ctx = await createTestApp();
  plans = await planIds(ctx);
});
afterAll(() => ctx.close());

const call = (
  account: TestAccount | null,
  method: "GET" | "POST" | "DELETE",
  url: string,
  payload?: object,
) => ctx.app.inject({ method, url, headers: account ? { cookie: account.cookie } : {}, payload });

let addresses = 0;
const address = (name: string) => `${name}-${Date.now()}-${++addresses}@client.example`;

/** The token of the latest mailed invitation link to `email`. */
async function mailedToken(email: string): Promise<string> {
  await runJobs(ctx);
  const prefix = `${ctx.config.publicUrl}/company/join/`;
  const mails = (await outbox(ctx)).filter((mail) => mail.to === email && mail.link?.startsWith(prefix));
  const link = mails.at(-1)?.link ?? "";
  expect(link.startsWith(prefix)).toBe(true);
  return link.slice(prefix.length);
}

async function companyWithOrder(name: string) {
  const ceo = await createAccount(ctx, { name });
  const orderId = await placePaidOrder(ctx, ceo, plans.standardMonthly._id);
  return { ceo, orderId };
}

const lookUp = (token: string) =>
  call(null, "GET", `/api/company/invitations/lookup?token=${encodeURIComponent(token)}`);
const accept = (account: TestAccount, token: string) =>
  call(account, "POST", "/api/company/invitations/accept", { token });

describe("inviting colleagues", () => {
  it("mails a one-use link; the colleague signs up with the address, accepts and sees the company's order", async () => {
    const { ceo, orderId } = await companyWithOrder("Carla Chief");
    const email = address("manager");
    const sent = await call(ceo, "POST", "/api/company/invitations", { email, role: "member" });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ email, role: "member", invitedBy: "Carla Chief", expired: false });
    expect(
      (await call(ceo, "GET", "/api/company/invitations"))
        .json()
        .map((each: { email: string }) => each.email),
    ).toEqual([email]);

    const token = await mailedToken(email);
    const [row] = await ctx.db.select().from(companyInvitations).where(eq(companyInvitations.email, email));
    expect(row?.tokenHash).toBe(mailedTokenHash(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect((await lookUp(token)).json()).toMatchObject({
      companyName: "Carla Chief",
      email,
      role: "member",
      invitedBy: "Carla Chief",
    });

    const manager = await createAccount(ctx, { email, name: "Manny Manager" });
    expect((await call(manager, "GET", `/api/order/${orderId}`)).statusCode).toBe(404);
    const joined = await accept(manager, token);
    expect(joined.statusCode, joined.body).toBe(200);
    expect((await call(manager, "GET", `/api/order/${orderId}`)).statusCode).toBe(200);
    const page = (await call(ceo, "GET", "/api/company")).json();
    expect(page.people.map((person: { name: string; role: string }) => [person.name, person.role])).toEqual([
      ["Carla Chief", "admin"],
      ["Manny Manager", "member"],
    ]);
    // One use: the link is spent, and the list of open invitations is empty.
    expect([(await lookUp(token)).statusCode, (await lookUp(token)).json().error.message]).toEqual([
      410,
      messages.used,
    ]);
    expect((await accept(manager, token)).statusCode).toBe(410);
    expect((await call(ceo, "GET", "/api/company/invitations")).json()).toEqual([]);
  });

  it("refuses the wrong address, a second open invitation, the team's addresses, and anyone but the company's Admins", async () => {
    const { ceo } = await companyWithOrder("Dora Director");
    const email = address("billing");
    await call(ceo, "POST", "/api/company/invitations", { email, role: "billing" });
    const again = await call(ceo, "POST", "/api/company/invitations", {
      email: email.toUpperCase(),
      role: "member",
    });
    expect([again.statusCode, again.json().error.message]).toEqual([409, messages.alreadyInvited]);
    const staff = await createAccount(ctx, { role: "staff" });
    const team = await call(ceo, "POST", "/api/company/invitations", { email: staff.email, role: "member" });
    expect([team.statusCode, team.json().error.message]).toEqual([409, messages.teamAddress]);
    const bad = await call(ceo, "POST", "/api/company/invitations", {
      email: "not an address",
      role: "owner",
    });
    expect(bad.statusCode).toBe(400);

    const token = await mailedToken(email);
    const someoneElse = await createAccount(ctx);
    const wrong = await accept(someoneElse, token);
    expect([wrong.statusCode, wrong.json().error.message]).toEqual([403, messages.otherAddress(email)]);

    const bookkeeper = await createAccount(ctx, { email });
    expect((await accept(bookkeeper, token)).statusCode).toBe(200);
    const notAdmin = await call(bookkeeper, "POST", "/api/company/invitations", {
      email: address("x"),
      role: "member",
    });
    expect([notAdmin.statusCode, notAdmin.json().error.message]).toEqual([
      403,
      companyMessages.roleMayNot("people"),
    ]);
    expect((await call(bookkeeper, "GET", "/api/company/invitations")).statusCode).toBe(403);
  });

  it("sends again with a new link (the old one stops), withdraws, and expires", async () => {
    const { ceo } = await companyWithOrder("Eve Exec");
    const email = address("approver");
    const sent = (await call(ceo, "POST", "/api/company/invitations", { email, role: "approver" })).json();
    const first = await mailedToken(email);
    const resent = await call(ceo, "POST", `/api/company/invitations/${sent.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    const second = await mailedToken(email);
    expect(second).not.toBe(first);
    expect((await lookUp(first)).statusCode).toBe(404);
    expect((await lookUp(second)).statusCode).toBe(200);

    await ctx.db
      .update(companyInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(companyInvitations.id, sent.id));
    expect((await lookUp(second)).json().error.message).toBe(messages.expired);
    expect((await call(ceo, "GET", "/api/company/invitations")).json()[0].expired).toBe(true);

    expect((await call(ceo, "DELETE", `/api/company/invitations/${sent.id}`)).json()).toEqual({
      modifiedCount: 1,
    });
    expect((await lookUp(second)).json().error.message).toBe(messages.revoked);
    expect((await call(ceo, "DELETE", `/api/company/invitations/${sent.id}`)).statusCode).toBe(409);
    expect((await call(ceo, "DELETE", "/api/company/invitations/not-an-id")).statusCode).toBe(404);
  });

  it("does not take someone alone in a company with orders away from them", async () => {
    const { ceo } = await companyWithOrder("Fay Founder");
    const { ceo: other } = await companyWithOrder("Gus Alone");
    await call(ceo, "POST", "/api/company/invitations", { email: other.email, role: "member" });
    const refused = await accept(other, await mailedToken(other.email));
    expect([refused.statusCode, refused.json().error.message]).toEqual([409, messages.ownOrders]);
  });
});
