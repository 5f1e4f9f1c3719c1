import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../test/accounts.js";
import { createTestApp, type TestContext } from "../../test/helpers.js";
import { outbox, runJobs } from "../../test/jobs.js";
import { invoiceBody, quoteBody, tokenOf, writeQuote } from "../../test/sales.js";
import { jobs } from "../db/schema.js";
import { enqueue } from "./queue.js";

let ctx: TestContext;
let owner: TestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { role: "owner" });
});
afterAll(() => ctx.close());

async function mailJobsTo(email: string) {
  const rows = await ctx.db.select().from(jobs).where(eq(jobs.kind, "mail.send"));
  return rows.filter((row) => row.payload.to === email);
}

describe("a mail job, once sent", () => {
  it("keeps no team invitation link: only to whom it went and its subject", async () => {
    const email = "invited-admin@example.com";
    const invited = await ctx.app.inject({
      method: "POST",
      url: "/api/team/invitations",
      headers: { cookie: owner.cookie },
      payload: { email, role: "admin" },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const [queued] = await mailJobsTo(email);
    // Until it is sent the job holds the link: the invitation keeps only its hash.
    expect(JSON.stringify(queued?.payload)).toContain("/team/join/");
    await runJobs(ctx);
    const mail = (await outbox(ctx)).find((each) => each.to === email);
    const token = mail?.link?.split("/team/join/")[1] ?? "";
    expect(token.length).toBeGreaterThan(20);
    const subject = mail?.subject;
    const [sent] = await mailJobsTo(email);
    expect(sent?.status).toBe("done");
    expect(sent?.payload).toEqual({ to: email, subject, fromName: expect.any(String) });
    expect(JSON.stringify(sent)).not.toContain(token);
  });

  it("keeps no quote or invoice link, nor any other link a mail carried", async () => {
    const quoteEmail = "quoted@example.com";
    const invoiceEmail = "invoiced@example.com";
    const quoteId = await writeQuote(ctx, owner, { send: true, body: quoteBody({ email: quoteEmail }) });
    const invoiceId = await writeQuote(ctx, owner, {
      send: true,
      body: invoiceBody({ email: invoiceEmail }),
    });
    const tokens = [await tokenOf(ctx, owner, quoteId), await tokenOf(ctx, owner, invoiceId)];
    await runJobs(ctx);
    const links = (await outbox(ctx))
      .filter((mail) => mail.to === quoteEmail || mail.to === invoiceEmail)
      .flatMap((mail) => mail.link ?? []);
    expect(links.sort()).toEqual([
      `${ctx.config.publicUrl}/invoices/${tokens[1]}`,
      `${ctx.config.publicUrl}/quotes/${tokens[0]}`,
    ]);

    const rows = await ctx.db.select().from(jobs);
    const done = rows.filter((row) => row.status === "done");
    expect(done.length).toBeGreaterThan(2);
    const stored = JSON.stringify(done.map((row) => row.payload));
    for (const token of tokens) expect(stored).not.toContain(token);
    for (const link of links) expect(stored).not.toContain(link);
    expect(stored).not.toMatch(/https?:\/\/|token=/);
  });

  it("still names the mail on the jobs page", async () => {
    const id = await enqueue(ctx.db, "mail.send", {
      to: "named@example.com",
      subject: "Your link",
      text: "Open http://localhost:3000/quotes/secret-link-token",
      html: '<a href="http://localhost:3000/quotes/secret-link-token">Open</a>',
      link: "http://localhost:3000/quotes/secret-link-token",
    });
    await runJobs(ctx);
    const response = await ctx.app.inject({
      method: "GET",
      url: "/api/admin/jobs?status=done",
      headers: { cookie: owner.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain("secret-link-token");
    const entry = response.json().jobs.find((job: { _id: string }) => job._id === id);
    expect(entry).toMatchObject({ label: "Your link", to: "named@example.com", subject: "Your link" });
  });

  it("that failed for good keeps its mail, so it can be tried again", async () => {
    const [row] = await ctx.db
      .insert(jobs)
      .values({
        kind: "mail.send",
        status: "dead",
        attempts: 10,
        payload: { to: "kept@example.com", subject: "Kept", text: "t", html: "<p>h</p>" },
      })
      .returning();
    const retried = await ctx.app.inject({
      method: "POST",
      url: `/api/admin/jobs/${row?.id}/retry`,
      headers: { cookie: owner.cookie },
    });
    expect(retried.statusCode).toBe(200);
    await runJobs(ctx);
    expect((await outbox(ctx)).find((mail) => mail.to === "kept@example.com")?.text).toBe("t");
  });
});
