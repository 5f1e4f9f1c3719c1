import { JobList } from "@agency/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders, createAccount, type TestAccount } from "../../test/accounts.js";
import { createTestApp, type TestContext } from "../../test/helpers.js";
import { placePaidOrder, planIds } from "../../test/orders.js";
import { systemClock } from "../clock.js";
import { jobs, orders } from "../db/schema.js";
import { jobHandlers } from "../job-runtime.js";
import { createMailer } from "../mail/mailer.js";
import { describeJob, jobDescriptions, lookUpJobFacts } from "./labels.js";
import { enqueue, type JobRow } from "./queue.js";

let ctx: TestContext;
let admin: TestAccount;
let customer: TestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, { admin: true, email: "owner@example.com" });
  customer = await createAccount(ctx, { email: "ann@example.com" });
});
afterAll(() => ctx.close());

async function listed() {
  const response = await ctx.app.inject({
    method: "GET",
    url: "/api/admin/jobs?size=100",
    headers: { cookie: admin.cookie },
  });
  expect(response.statusCode).toBe(200);
  return JobList.parse(response.json()).jobs;
}

describe("job labels", () => {
  it("has words for every kind of job the worker runs, so a new kind cannot go unnamed", async () => {
    const mailer = createMailer({ ...ctx.config.mail, log: ctx.app.log });
    const kinds = Object.keys(
      jobHandlers({ db: ctx.db, config: ctx.config, mailer, clock: systemClock, log: ctx.app.log }),
    );
    mailer.close();
    expect(kinds.length).toBeGreaterThan(10);
    expect(Object.keys(jobDescriptions).sort()).toEqual([...kinds].sort());

    // Even when what the job names is gone, it reads as words, not as its kind.
    const facts = await lookUpJobFacts(ctx.db, []);
    for (const kind of kinds) {
      const row = { kind, payload: { subject: "", to: "x@example.com" } } as unknown as JobRow;
      const { label } = describeJob(row, facts);
      expect(label, kind).toMatch(/^[A-Z][\w-]* [a-z]/);
      expect(label, kind).not.toContain(kind);
    }
  });

  it("shows the owner what each job is and whom it mails", async () => {
    const orderId = await placePaidOrder(ctx, customer, (await planIds(ctx)).standardMonthly._id);
    const [order] = await ctx.db.select({ number: orders.number }).from(orders).where(eq(orders.id, orderId));
    const number = order?.number ?? 0;

    const entries = await listed();
    const placed = entries.find((entry) => entry.kind === "mail.order-placed");
    expect(placed).toMatchObject({
      label: `Order confirmation and owner notice for order #${number}`,
      to: "ann@example.com",
    });
    expect(entries.find((entry) => entry.kind === "mail.payment-received")).toMatchObject({
      label: `Receipt mail and owner notice for order #${number}`,
      to: "ann@example.com",
    });

    const moved = await ctx.app.inject({
      method: "POST",
      url: `/api/admin/orders/${orderId}/state`,
      headers: authHeaders(ctx, admin.cookie),
      payload: { state: "in_progress" },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await listed()).find((entry) => entry.kind === "mail.order-state")).toMatchObject({
      label: `Order update mail for order #${number}`,
      to: "ann@example.com",
    });

    // A single mail reads as its subject; a job of a kind this version does not know keeps its name.
    await enqueue(ctx.db, "mail.send", {
      to: "bob@example.com",
      subject: "Welcome",
      text: "Hi",
      html: "<p>Hi</p>",
    });
    await ctx.db.insert(jobs).values({ kind: "report.weekly", payload: {} });
    const latest = await listed();
    expect(
      latest.find((entry) => entry.kind === "mail.send" && entry.to === "bob@example.com"),
    ).toMatchObject({
      label: "Welcome",
    });
    expect(latest.find((entry) => entry.kind === "report.weekly")).toMatchObject({
      label: "report.weekly",
      to: null,
    });
  });
});
