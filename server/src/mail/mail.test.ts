import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../test/accounts.js";
import { createTestApp, type TestContext } from "../../test/helpers.js";
import { outbox, runJobs } from "../../test/jobs.js";
import { payWithTestCard, placeOrder, planIds } from "../../test/orders.js";
import { resolveAuthSecret } from "../auth/secret.js";
import { jobs, leads } from "../db/schema.js";
import { mailToken } from "./preferences.js";

let ctx: TestContext;
let customer: TestAccount;
let admin: TestAccount;
let plans: Awaited<ReturnType<typeof planIds>>;

beforeAll(async () => {
  ctx = await createTestApp();
  customer = await createAccount(ctx, { name: "Casey Customer" });
  admin = await createAccount(ctx, { admin: true });
  plans = await planIds(ctx);
});
afterAll(() => ctx.close());

const about = (pattern: RegExp) => async () =>
  (await outbox(ctx)).filter((mail) => pattern.test(mail.subject));

describe("order and payment mails", () => {
  let orderId: string;
  let orderNumber: number;

  it("queues the mails with the order and sends them once, even from an instance started after a crash", async () => {
    const response = await placeOrder(ctx, customer, plans.standardMonthly._id);
    orderId = response.json().insertedId;
    // Acknowledged and committed, but no worker ran (the process died here).
    const queued = await ctx.db.select().from(jobs).where(eq(jobs.kind, "mail.order-placed"));
    expect(queued.map((job) => job.payload)).toContainEqual({ orderId });
    expect(await about(/order/i)()).toHaveLength(0);

    // Two instances come up and both run the queue.
    await Promise.all([runJobs(ctx), runJobs(ctx)]);
    await runJobs(ctx);

    const [order] = (
      await ctx.app.inject({ method: "GET", url: "/api/order", headers: { cookie: customer.cookie } })
    ).json();
    orderNumber = order.number;
    const confirmation = await about(new RegExp(`^Order #${orderNumber} received`))();
    expect(confirmation.map((mail) => mail.to)).toEqual([customer.email]);
    expect(confirmation[0]?.text).toContain("What happens next");
    expect(confirmation[0]?.text).toContain(`/dashboard/payment/${orderId}`);
    // An order confirmation is essential mail: no unsubscribe.
    expect(confirmation[0]?.headers?.["List-Unsubscribe"]).toBeUndefined();

    const owner = await about(new RegExp(`^New order #${orderNumber}`))();
    expect(owner.map((mail) => mail.to)).toEqual([admin.email]);
    expect(owner[0]?.text).toContain(customer.email);
    expect(owner[0]?.headers?.["List-Unsubscribe"]).toMatch(
      /^<http:\/\/localhost:3000\/api\/mail\/unsubscribe\?/,
    );
    expect(owner[0]?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  });

  it("mails the customer a receipt and the owners a notice when the payment is recorded", async () => {
    expect((await payWithTestCard(ctx, customer, orderId)).statusCode).toBe(200);
    await runJobs(ctx);
    const receiptMail = await about(/^Your receipt R-\d{4}-\d{5} for order/)();
    expect(receiptMail.map((mail) => mail.to)).toEqual([customer.email]);
    expect(receiptMail[0]?.text).toContain("Visa ending in 4242");
    const owner = await about(new RegExp(`^Payment received for order #${orderNumber}`))();
    expect(owner.map((mail) => mail.to)).toEqual([admin.email]);
  });

  it("sends the owners' notices to NOTIFY_EMAIL when it is set", async () => {
    const other = await createTestApp({ env: { NOTIFY_EMAIL: "Owner@Agency.example" } });
    try {
      const account = await createAccount(other);
      await createAccount(other, { admin: true });
      const plan = (await planIds(other)).premiumYearly._id;
      await placeOrder(other, account, plan);
      await runJobs(other);
      const notices = (await outbox(other)).filter((mail) => mail.subject.startsWith("New order"));
      expect(notices.map((mail) => mail.to)).toEqual(["owner@agency.example"]);
    } finally {
      await other.close();
    }
  });
});

describe("leads", () => {
  it("tells the owners about a contact message", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/leads/contact",
      payload: { name: "Dana", email: "dana@example.com", message: "Can you build us a shop?" },
    });
    expect(response.statusCode).toBe(201);
    await runJobs(ctx);
    const notices = await about(/^New contact message from Dana/)();
    expect(notices.map((mail) => mail.to)).toEqual([admin.email]);
    expect(notices[0]?.text).toContain("Can you build us a shop?");
  });
});

describe("unsubscribing", () => {
  it("a one-click POST with the signed link turns optional mail off; a forged one is refused", async () => {
    const secret = await resolveAuthSecret(ctx.db, undefined);
    const email = admin.email.toLowerCase();
    const forged = await ctx.app.inject({
      method: "POST",
      url: `/api/mail/unsubscribe?email=${encodeURIComponent(email)}&token=${"x".repeat(32)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(forged.statusCode).toBe(404);

    const [notice] = await about(/^New contact message/)();
    const link = notice?.headers?.["List-Unsubscribe"]?.slice(1, -1) ?? "";
    expect(new URL(link).searchParams.get("token")).toBe(mailToken(secret, "unsubscribe", email));
    const url = new URL(link);
    const done = await ctx.app.inject({
      method: "POST",
      url: `${url.pathname}${url.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(done.statusCode, done.body).toBe(200);

    await ctx.app.inject({
      method: "POST",
      url: "/api/leads/query",
      payload: { email: "erin@example.com", website: "https://erin.example" },
    });
    await runJobs(ctx);
    expect(await about(/^New website query from erin/)()).toHaveLength(0);

    const preferences = await ctx.app.inject({
      method: "GET",
      url: "/api/mail/preferences",
      headers: { cookie: admin.cookie },
    });
    expect(preferences.json()).toMatchObject({ optionalMail: false });
    const back = await ctx.app.inject({
      method: "PUT",
      url: "/api/mail/preferences",
      headers: { cookie: admin.cookie },
      payload: { optionalMail: true },
    });
    expect(back.json()).toMatchObject({ optionalMail: true, newsletter: "none" });
  });
});

describe("newsletter double opt-in", () => {
  const signUp = (email: string) =>
    ctx.app.inject({ method: "POST", url: "/api/newsletter", payload: { email } });
  const adminList = async () =>
    (
      await ctx.app.inject({
        method: "GET",
        url: "/api/admin/leads?kind=newsletter",
        headers: { cookie: admin.cookie },
      })
    ).json();

  it("counts an address only after its mailed link is opened", async () => {
    expect((await signUp("reader@example.com")).statusCode).toBe(201);
    expect((await signUp("reader@example.com")).statusCode).toBe(201);
    await runJobs(ctx);
    const mails = await about(/^Confirm your newsletter subscription/)();
    // Signing up twice the same day mails the link once.
    expect(mails.map((mail) => mail.to)).toEqual(["reader@example.com"]);
    expect((await adminList()).total).toBe(0);

    const link = mails[0]?.text.match(/http:\/\/localhost:3000\/newsletter\/confirm\?token=\S+/)?.[0] ?? "";
    // The outbox keeps the mail's link beside it, as for the account mails.
    expect(mails[0]?.link).toBe(link);
    const token = new URL(link).searchParams.get("token") ?? "";
    const forged = await ctx.app.inject({
      method: "POST",
      url: "/api/newsletter/confirm",
      payload: { token: `${token.split(".")[0]}.${"y".repeat(32)}` },
    });
    expect(forged.statusCode).toBe(404);
    const malformed = await ctx.app.inject({
      method: "POST",
      url: "/api/newsletter/confirm",
      payload: { token: "nope" },
    });
    expect(malformed.statusCode).toBe(404);

    const confirmed = await ctx.app.inject({
      method: "POST",
      url: "/api/newsletter/confirm",
      payload: { token },
    });
    expect(confirmed.json()).toEqual({ confirmed: true, email: "reader@example.com" });
    expect((await adminList()).leads.map((lead: { email: string }) => lead.email)).toEqual([
      "reader@example.com",
    ]);

    // Signing up again once confirmed sends nothing more.
    await signUp("reader@example.com");
    await runJobs(ctx);
    expect(await about(/^Confirm your newsletter subscription/)()).toHaveLength(1);
  });

  it("unsubscribing ends the subscription", async () => {
    const secret = await resolveAuthSecret(ctx.db, undefined);
    const email = "reader@example.com";
    const response = await ctx.app.inject({
      method: "POST",
      url: `/api/mail/unsubscribe?email=${email}&token=${mailToken(secret, "unsubscribe", email)}`,
    });
    expect(response.statusCode).toBe(200);
    expect(await ctx.db.select().from(leads).where(eq(leads.email, email))).toHaveLength(0);
  });
});
