import { createHash } from "node:crypto";
import { AuditList, ErrorResponse, TeamInvitation, TeamMemberList } from "@agency/contract";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { teamInvitations } from "../src/db/schema.js";
import { cookieHeader, signIn, type TestAccount } from "./accounts.js";
import type { TestContext } from "./helpers.js";
import { type OutboxMail, outbox, runJobs } from "./jobs.js";

type Method = "GET" | "POST" | "PUT" | "DELETE";

export const refusal = (response: { body: string }) => ErrorResponse.parse(JSON.parse(response.body)).error;

/**
 * The calls the team's tests make, on the app `context()` answers once it is up, as `manager()`
 * (who may manage the team and read the audit log) unless told otherwise.
 */
export function teamCalls(context: () => TestContext, manager: () => TestAccount) {
  const call = (method: Method, url: string, account?: TestAccount, payload?: object) =>
    context().app.inject({ method, url, headers: account ? { cookie: account.cookie } : {}, payload });

  async function team(): Promise<TeamMemberList> {
    const response = await call("GET", "/api/team/members", manager());
    expect(response.statusCode, response.body).toBe(200);
    return TeamMemberList.parse(response.json());
  }

  async function auditEntries(action: string) {
    const response = await call("GET", `/api/admin/audit?action=${action}`, manager());
    expect(response.statusCode, response.body).toBe(200);
    return AuditList.parse(response.json()).entries;
  }

  return { call, team, auditEntries };
}

let addresses = 0;
export const newAddress = () => {
  addresses += 1;
  return `invited${addresses}-${Date.now().toString(36)}@example.com`;
};

/** Inviting, the mailed link, and the public calls a link opens. */
export function invitationCalls(context: () => TestContext, manager: () => TestAccount) {
  const { call } = teamCalls(context, manager);

  async function invite(email: string, role = "staff", by = manager()) {
    const response = await call("POST", "/api/team/invitations", by, { email, role });
    expect(response.statusCode, response.body).toBe(201);
    return TeamInvitation.parse(response.json());
  }

  /**
   * The invitation mail to `email` whose link works now, once the queued mail has gone out (the
   * worker sends mails side by side, so the outbox's order says nothing about which came last).
   */
  async function invitationMail(email: string): Promise<OutboxMail & { token: string }> {
    const ctx = context();
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
    context().app.inject({
      method: "GET",
      url: `/api/team/invitations/lookup?token=${encodeURIComponent(token)}`,
    });

  const accept = (token: string, name = "New Member", password = "member-password") =>
    context().app.inject({
      method: "POST",
      url: "/api/team/invitations/accept",
      headers: { origin: context().config.publicUrl },
      payload: { token, name, password },
    });

  async function signInCookie(email: string, password: string): Promise<string> {
    const response = await signIn(context(), email, password);
    expect(response.statusCode, response.body).toBe(200);
    return cookieHeader(response.headers["set-cookie"]);
  }

  return { invite, invitationMail, lookUp, accept, signInCookie };
}
