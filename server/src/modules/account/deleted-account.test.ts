import { accountDataMessages, isDeletedAccountEmail } from "@agency/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders, createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { outbox, runJobs } from "../../../test/jobs.js";
import { jobs, user } from "../../db/schema.js";
import { enqueue } from "../../jobs/queue.js";

let ctx: TestContext;
let admin: TestAccount;
let deletedAddress: string;

beforeAll(async () => {
  ctx = await createTestApp();
  // The owner: only the owner makes someone an Admin.
  admin = await createAccount(ctx, { role: "owner" });
  const dana = await createAccount(ctx, { name: "Dana Departing" });
  const deleted = await ctx.app.inject({
    method: "POST",
    url: "/api/account/delete",
    headers: authHeaders(ctx, dana.cookie),
    payload: { password: dana.password },
  });
  expect(deleted.statusCode, deleted.body).toBe(200);
  const [row] = await ctx.db.select({ email: user.email }).from(user).where(eq(user.id, dana.id));
  deletedAddress = row?.email ?? "";
  expect(isDeletedAccountEmail(deletedAddress)).toBe(true);
});
afterAll(() => ctx.close());

describe("a deleted account", () => {
  it("cannot be made an admin: the server refuses and the account stays as it was", async () => {
    const response = await ctx.app.inject({
      method: "PUT",
      url: `/api/user/admin/${encodeURIComponent(deletedAddress)}`,
      headers: authHeaders(ctx, admin.cookie),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: "conflict",
      message: accountDataMessages.deletedAccountAdmin,
    });
    const [row] = await ctx.db.select({ role: user.role }).from(user).where(eq(user.email, deletedAddress));
    expect(row?.role).toBeNull();
  });

  it("is never mailed, whichever job asks: the mail is dropped and the job is done", async () => {
    const id = await enqueue(ctx.db, "mail.send", {
      to: deletedAddress,
      subject: "A mail that must not leave",
      text: "Hello",
      html: "<p>Hello</p>",
    });
    const other = await enqueue(ctx.db, "mail.send", {
      to: "someone@deleted.INVALID",
      subject: "Another mail that must not leave",
      text: "Hello",
      html: "<p>Hello</p>",
    });
    await enqueue(ctx.db, "mail.send", {
      to: admin.email,
      subject: "A mail that leaves",
      text: "Hello",
      html: "<p>Hello</p>",
    });
    await runJobs(ctx);
    const sent = await outbox(ctx);
    expect(sent.map((mail) => mail.subject)).toContain("A mail that leaves");
    expect(sent.filter((mail) => /deleted\.invalid$/i.test(mail.to))).toEqual([]);
    for (const jobId of [id, other]) {
      const [job] = await ctx.db
        .select({ status: jobs.status })
        .from(jobs)
        .where(eq(jobs.id, jobId ?? ""));
      expect(job?.status).toBe("done");
    }
  });
});
