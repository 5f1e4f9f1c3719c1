import type { AddressInfo } from "node:net";
import { permissions } from "@agency/contract";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authHeaders,
  cookieHeader,
  createAccount,
  lastOutboxMail,
  signIn,
  signUp,
  verifyByMail,
} from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { roleChanges, user } from "../../db/schema.js";
import { setAdminRole } from "../team/index.js";

describe("sign-up and e-mail verification through a real SMTP server", () => {
  const received: string[] = [];
  let smtp: SMTPServer;
  let ctx: TestContext;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push(Buffer.concat(chunks).toString("utf8"));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
    const port = (smtp.server.address() as AddressInfo).port;
    ctx = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it("mails a verification link; the account can sign in only after it is opened", async () => {
    const account = await signUp(ctx, { email: "new.customer@example.com", name: "New Customer" });
    const mail = received.find((message) => message.includes("new.customer@example.com"));
    expect(mail).toBeDefined();
    // Quoted-printable soft line breaks and escapes, as mail servers receive them.
    const decoded = (mail ?? "").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    const link = decoded.match(/http:\/\/localhost:3000\/api\/auth\/verify-email\?[^\s"<]+/)?.[0];
    expect(link).toBeDefined();

    const before = await signIn(ctx, account.email, account.password);
    expect(before.statusCode).toBe(403);

    const url = new URL(link ?? "");
    const verified = await ctx.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
    expect(verified.statusCode).toBeLessThan(400);
    const [row] = await ctx.db.select().from(user).where(eq(user.email, account.email));
    expect(row?.emailVerified).toBe(true);
    expect(row?.name).toBe("New Customer");

    const after = await signIn(ctx, account.email, account.password);
    expect(after.statusCode).toBe(200);
    const session = await ctx.app.inject({
      method: "GET",
      url: "/api/auth/get-session",
      headers: { cookie: cookieHeader(after.headers["set-cookie"]) },
    });
    expect(session.json().user).toMatchObject({ email: account.email, name: "New Customer", role: null });
  });
});

describe("accounts", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { ADMIN_EMAIL: "owner@example.com" } });
  });
  afterAll(() => ctx.close());

  it("refuses a wrong password and an unknown address with the same 401 answer", async () => {
    const account = await createAccount(ctx);
    const wrongPassword = await signIn(ctx, account.email, "not-the-password");
    const unknown = await signIn(ctx, "nobody-here@example.com", "not-the-password");
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrongPassword.json().message).toBe(unknown.json().message);
  });

  it("keeps the session in an httpOnly, SameSite cookie", async () => {
    const account = await signUp(ctx);
    await verifyByMail(ctx, account.email);
    const response = await signIn(ctx, account.email, account.password);
    const cookies = ([] as string[]).concat(response.headers["set-cookie"] ?? []);
    const sessionCookie = cookies.find((cookie) => cookie.startsWith("agency.session_token="));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
  });

  it("rejects passwords shorter than six characters", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: authHeaders(ctx),
      payload: { email: "short@example.com", password: "12345", name: "Short" },
    });
    expect(response.statusCode).toBe(400);
    expect(await ctx.db.$count(user, eq(user.email, "short@example.com"))).toBe(0);
  });

  it("gives a bearer token only for the caller's own address", async () => {
    const alice = await createAccount(ctx);
    const bob = await createAccount(ctx);
    const own = await ctx.app.inject({
      method: "PUT",
      url: `/api/user/${alice.email}`,
      headers: { cookie: alice.cookie },
      payload: { email: alice.email, name: alice.name },
    });
    expect(own.statusCode).toBe(200);
    const { token } = own.json();

    const viaToken = await ctx.app.inject({
      method: "GET",
      url: `/api/admin/${alice.email}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(viaToken.statusCode).toBe(200);
    expect(viaToken.json()).toEqual({ admin: false });

    const someoneElse = await ctx.app.inject({
      method: "PUT",
      url: `/api/user/${bob.email}`,
      headers: { cookie: alice.cookie },
      payload: { email: bob.email, name: bob.name },
    });
    expect(someoneElse.statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: "PUT",
      url: `/api/user/${bob.email}`,
      payload: { email: bob.email, name: bob.name },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("tells customers only their own admin status; admins may ask about anyone", async () => {
    const customer = await createAccount(ctx);
    const admin = await createAccount(ctx, { admin: true });
    const asCustomer = await ctx.app.inject({
      method: "GET",
      url: `/api/admin/${admin.email}`,
      headers: { cookie: customer.cookie },
    });
    expect(asCustomer.statusCode).toBe(403);
    const asAdmin = await ctx.app.inject({
      method: "GET",
      url: `/api/admin/${customer.email}`,
      headers: { cookie: admin.cookie },
    });
    expect(asAdmin.json()).toEqual({ admin: false });
    const ownAdmin = await ctx.app.inject({
      method: "GET",
      url: `/api/admin/${admin.email}`,
      headers: { cookie: admin.cookie },
    });
    // Their own lookup also says what their role lets them do.
    expect(ownAdmin.json()).toEqual({ admin: true, role: "admin", permissions: [...permissions] });
  });

  it("makes the ADMIN_EMAIL account an admin and records it", async () => {
    const owner = await createAccount(ctx, { email: "owner@example.com" });
    const status = await ctx.app.inject({
      method: "GET",
      url: "/api/admin/owner@example.com",
      headers: { cookie: owner.cookie },
    });
    expect(status.json()).toMatchObject({ admin: true });
    const audit = await ctx.db
      .select()
      .from(roleChanges)
      .where(eq(roleChanges.targetEmail, "owner@example.com"));
    expect(audit).toEqual([expect.objectContaining({ actorLabel: "ADMIN_EMAIL", toRole: "owner" })]);
  });

  it("signs out on the server: the old session cookie stops working", async () => {
    const account = await createAccount(ctx);
    const out = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: authHeaders(ctx, account.cookie),
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const after = await ctx.app.inject({
      method: "GET",
      url: `/api/admin/${account.email}`,
      headers: { cookie: account.cookie },
    });
    expect(after.statusCode).toBe(401);
  });

  it("resets a forgotten password through the mailed link", async () => {
    const account = await createAccount(ctx);
    const asked = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      headers: authHeaders(ctx),
      payload: { email: account.email, redirectTo: "/reset-password" },
    });
    expect(asked.statusCode).toBe(200);
    const mail = await lastOutboxMail(ctx, account.email);
    expect(mail.subject).toMatch(/Reset your/);
    const landing = await ctx.app.inject({
      method: "GET",
      url: new URL(mail.link).pathname + new URL(mail.link).search,
    });
    const token = new URL(landing.headers.location ?? "", "http://x").searchParams.get("token");
    expect(token).toBeTruthy();
    const reset = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      headers: authHeaders(ctx),
      payload: { token, newPassword: "a-new-password" },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(ctx, account.email, account.password)).statusCode).toBe(401);
    expect((await signIn(ctx, account.email, "a-new-password")).statusCode).toBe(200);
  });

  it("grants and revokes admin with an audit trail, and never removes the last admin", async () => {
    const customer = await createAccount(ctx);
    const admins = await ctx.db.select().from(user).where(eq(user.role, "admin"));
    for (const admin of admins) {
      if (admin.email !== "owner@example.com")
        await ctx.db.update(user).set({ role: null }).where(eq(user.id, admin.id));
    }
    expect(await setAdminRole(ctx.db, { label: "command line" }, customer.email, true)).toEqual({
      modifiedCount: 1,
    });
    expect(await setAdminRole(ctx.db, { label: "command line" }, customer.email, true)).toEqual({
      modifiedCount: 0,
    });
    expect(await setAdminRole(ctx.db, { label: "command line" }, customer.email, false)).toEqual({
      modifiedCount: 1,
    });
    await expect(setAdminRole(ctx.db, { label: "command line" }, "owner@example.com", false)).rejects.toThrow(
      /last admin/,
    );
    const trail = await ctx.db.select().from(roleChanges).where(eq(roleChanges.targetEmail, customer.email));
    expect(trail.map((change) => [change.actorLabel, change.fromRole, change.toRole])).toEqual([
      ["command line", null, "admin"],
      ["command line", "admin", null],
    ]);
  });
});

describe("removing the last admin through the API", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it("answers 409 with the reason, which the users page shows", async () => {
    const admin = await createAccount(ctx, { admin: true });
    const others = await ctx.db.select().from(user).where(eq(user.role, "admin"));
    for (const other of others) {
      if (other.id !== admin.id) await ctx.db.update(user).set({ role: null }).where(eq(user.id, other.id));
    }
    const response = await ctx.app.inject({
      method: "PUT",
      url: `/api/user/remove-admin/${admin.email}`,
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: {
        code: "conflict",
        message: "The last admin cannot lose admin access. Make someone else an admin first.",
      },
    });
  });
});

describe("rate limiting", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "3" } });
  });
  afterAll(() => ctx.close());

  it("answers 429 with the time to wait after repeated failed sign-ins to one account from one client", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const response = await signIn(ctx, "guess@example.com", `guess-${attempt}`);
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it("caps the sign-in attempts of one client across accounts, with the time to wait", async () => {
    const statuses: number[] = [];
    // Three times AUTH_RATE_LIMIT_MAX (3 here), whichever accounts they are for.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: authHeaders(ctx),
        payload: { email: `someone-${attempt}@example.com`, password: "not-their-password" },
        remoteAddress: "203.0.113.20",
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([...Array(9).fill(401), 429]);
  });
});
