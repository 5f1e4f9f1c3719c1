import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { addressLines, formatAddress, type Receipt, type SiteContent } from "@agency/contract";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, signUp, type TestAccount } from "../../test/accounts.js";
import { multipartFile } from "../../test/files.js";
import { createTestApp, type TestContext } from "../../test/helpers.js";
import { outbox, runJobs } from "../../test/jobs.js";
import { placePaidOrder, planIds } from "../../test/orders.js";
import { readPdf } from "../../test/pdf-text.js";
import { mySubscription, runJobsAt } from "../../test/subscriptions.js";

let ctx: TestContext;
let admin: TestAccount;
let customer: TestAccount;
let before: SiteContent["site"];

const newName = "Northwind Growth";
const newAddress = { street: "5 Quay Lane", city: "Bristol", postcode: "BS1 4DJ", country: "United Kingdom" };

beforeAll(async () => {
  ctx = await createTestApp({ env: { SITE_CONFIG: "/nonexistent/site.config.json" } });
  admin = await createAccount(ctx, { admin: true });
  customer = await createAccount(ctx, { name: "Riley Rebrand" });
  before = (await ctx.app.inject({ method: "GET", url: "/api/site/content" })).json().site;
});
afterAll(() => ctx.close());

const get = (url: string, account: TestAccount) =>
  ctx.app.inject({ method: "GET", url, headers: { cookie: account.cookie } });

/** The From header of the newest .eml in the outbox sent to this address. */
async function fromHeader(to: string, subject: RegExp): Promise<string> {
  const dir = ctx.config.mail.outboxDir;
  const files = (await readdir(dir)).filter((file) => file.endsWith(".eml")).sort();
  for (const file of files.reverse()) {
    const eml = await readFile(path.join(dir, file), "utf8");
    const headers = eml.slice(0, eml.indexOf("\n\n"));
    const subjectLine = headers.match(/^Subject: (.*)$/m)?.[1] ?? "";
    if (headers.includes(`To: ${to}`) && subject.test(subjectLine)) {
      return headers.match(/^From: (.*)$/m)?.[1] ?? "";
    }
  }
  throw new Error(`no mail to ${to} about ${subject}`);
}

async function newestMail(to: string, subject: RegExp) {
  const mails = (await outbox(ctx)).filter((mail) => mail.to === to && subject.test(mail.subject));
  const mail = mails.at(-1);
  if (!mail) throw new Error(`no mail to ${to} about ${subject}`);
  return mail;
}

async function receiptOf(account: TestAccount, index: number): Promise<Receipt> {
  const list = (await get("/api/receipts", account)).json() as Array<{ _id: string }>;
  const summary = list.at(index);
  if (!summary) throw new Error("no such receipt");
  return (await get(`/api/receipts/${summary._id}`, account)).json();
}

describe("a rebrand in Site content", () => {
  let oldReceipt: Receipt;
  let orderId: string;
  let newLogo: string;

  it("is what mails and receipts carry from the next one on, while an older receipt keeps the old brand", async () => {
    const plans = await planIds(ctx);
    orderId = await placePaidOrder(ctx, customer, plans.standardMonthly._id);
    await runJobs(ctx);
    oldReceipt = await receiptOf(customer, 0);
    expect(oldReceipt.seller.name).toBe(before.name);
    expect(oldReceipt.seller.logo).toBe(before.logo);

    // The owner uploads a wide logo and renames the shop in the dashboard.
    const picture = await sharp({
      create: { width: 400, height: 100, channels: 3, background: { r: 200, g: 30, b: 30 } },
    })
      .png()
      .toBuffer();
    const { body, contentType } = multipartFile({
      name: "logo.png",
      contentType: "image/png",
      content: picture,
    });
    const uploaded = await ctx.app.inject({
      method: "POST",
      url: "/api/admin/images?kind=logo",
      headers: { cookie: admin.cookie, "content-type": contentType },
      payload: body,
    });
    expect(uploaded.statusCode).toBe(201);
    newLogo = uploaded.json().url;
    const saved = await ctx.app.inject({
      method: "PUT",
      url: "/api/admin/site/identity",
      headers: { cookie: admin.cookie },
      payload: { ...before, name: newName, logo: newLogo, address: newAddress },
    });
    expect(saved.statusCode).toBe(200);

    // The next verification mail.
    const newcomer = await signUp(ctx, { name: "Nova Newcomer" });
    const verification = await newestMail(newcomer.email, /^Confirm your e-mail address/);
    expect(verification.subject).toBe(`Confirm your e-mail address for ${newName}`);
    expect(verification.text).toContain(`Thanks for signing up with ${newName}.`);
    expect(verification.html).toContain(`src="${ctx.config.publicUrl}${newLogo}"`);
    expect(verification.text).not.toContain(before.name);
    expect(await fromHeader(newcomer.email, /^Confirm your e-mail address/)).toBe(
      `${newName} <no-reply@localhost>`,
    );

    // The next renewal: its mail and its receipt.
    const subscription = await mySubscription(ctx, customer, orderId);
    await runJobsAt(ctx, subscription.currentPeriodEnd);
    const renewal = await newestMail(customer.email, /^Your Standard plan renewed/);
    expect(renewal.subject).toMatch(new RegExp(`: receipt R-\\d{4}-\\d{5} from ${newName}$`));
    expect(renewal.text).toContain(newName);
    expect(renewal.text).toContain(addressLines(newAddress).join("\n"));
    expect(renewal.text).not.toContain(before.name);
    expect(renewal.html).toContain(`src="${ctx.config.publicUrl}${newLogo}"`);
    expect(await fromHeader(customer.email, /^Your Standard plan renewed/)).toBe(
      `${newName} <no-reply@localhost>`,
    );

    const newReceipt = await receiptOf(customer, 0);
    expect(newReceipt._id).not.toBe(oldReceipt._id);
    expect(newReceipt.seller).toMatchObject({ name: newName, logo: newLogo });
    expect(newReceipt.seller.address.join(", ")).toBe(formatAddress(newAddress));

    // The receipt issued before the rebrand still shows what it showed.
    const again = await get(`/api/receipts/${oldReceipt._id}`, customer);
    expect(again.json().seller).toEqual(oldReceipt.seller);
  });

  it("reaches the receipts' PDFs: the new name and logo on a new one, the old ones on an older one", async () => {
    const [newest] = (await get("/api/receipts", customer)).json() as Array<{ _id: string }>;
    const newPdf = await get(`/api/receipts/${newest?._id}/pdf`, customer);
    expect(newPdf.statusCode).toBe(200);
    const fresh = readPdf(newPdf.rawPayload);
    expect(fresh.lines).toContain(newName);
    expect(fresh.lines).toContain("5 Quay Lane");
    expect(fresh.lines).not.toContain(before.name);
    // The uploaded logo is four times as wide as it is high; the old one is square.
    expect(fresh.images.some((image) => image.width === 4 * image.height)).toBe(true);

    const oldPdf = readPdf((await get(`/api/receipts/${oldReceipt._id}/pdf`, customer)).rawPayload);
    expect(oldPdf.lines).toContain(before.name);
    expect(oldPdf.lines).not.toContain(newName);
    expect(oldPdf.images.length).toBeGreaterThan(0);
    expect(oldPdf.images.every((image) => image.width === image.height)).toBe(true);
  });

  it("leaves a mail written before the rebrand as it was written", async () => {
    const first = (await outbox(ctx)).find(
      (mail) => mail.to === customer.email && /^Your receipt R-/.test(mail.subject),
    );
    expect(first?.text).toContain(before.name);
  });
});

describe("SHOP_NAME and MAIL_FROM", () => {
  it("still win over the name saved in Site content", async () => {
    const fixed = await createTestApp({
      env: {
        SITE_CONFIG: "/nonexistent/site.config.json",
        SHOP_NAME: "Fixed Name Ltd",
        MAIL_FROM: '"Fixed Sender" <billing@fixed.example>',
      },
    });
    try {
      const owner = await createAccount(fixed, { admin: true });
      const site = (await fixed.app.inject({ method: "GET", url: "/api/site/content" })).json().site;
      const saved = await fixed.app.inject({
        method: "PUT",
        url: "/api/admin/site/identity",
        headers: { cookie: owner.cookie },
        payload: { ...site, name: newName },
      });
      expect(saved.statusCode).toBe(200);
      const account = await signUp(fixed, { name: "Olly Override" });
      const mail = (await outbox(fixed)).filter((item) => item.to === account.email).at(-1);
      expect(mail?.subject).toBe("Confirm your e-mail address for Fixed Name Ltd");
      expect(mail?.from).toEqual({ name: "Fixed Sender", address: "billing@fixed.example" });

      const buyer = await createAccount(fixed);
      await placePaidOrder(fixed, buyer, (await planIds(fixed)).premiumYearly._id);
      const list = (
        await fixed.app.inject({ method: "GET", url: "/api/receipts", headers: { cookie: buyer.cookie } })
      ).json();
      const receipt = (
        await fixed.app.inject({
          method: "GET",
          url: `/api/receipts/${list[0]._id}`,
          headers: { cookie: buyer.cookie },
        })
      ).json();
      expect(receipt.seller.name).toBe("Fixed Name Ltd");
    } finally {
      await fixed.close();
    }
  });
});
