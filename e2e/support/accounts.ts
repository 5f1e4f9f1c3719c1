import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { type APIRequestContext, type BrowserContext, request as playwrightRequest } from "playwright-core";
import { baseUrl } from "./browser";

const outboxDir = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");
export const adminEmail = process.env.E2E_ADMIN_EMAIL ?? "owner@shop.test";
const origin = { origin: baseUrl };
let counter = 0;

export type Account = { name: string; email: string; password: string };

export function newAccount(prefix = "customer"): Account {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return {
    name: `${prefix[0]?.toUpperCase()}${prefix.slice(1)} ${id}`,
    email: `${prefix}-${id}@shop.test`,
    password: "correct horse 42",
  };
}

export type OutboxMail = { to: string; subject: string; text: string; link?: string };

/** The newest mail the shop wrote to its outbox for this address with a matching subject. */
export async function mailed(
  email: string,
  subject: RegExp,
  about: (mail: OutboxMail) => boolean = () => true,
): Promise<OutboxMail> {
  // Mail leaves through the job queue: give the worker a few polls to get to it.
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const files = (await readdir(outboxDir).catch(() => [] as string[]))
      .filter((f) => f.endsWith(".json"))
      .sort();
    for (const file of files.reverse()) {
      const mail = JSON.parse(await readFile(path.join(outboxDir, file), "utf8")) as OutboxMail;
      if (mail.to === email && subject.test(mail.subject) && about(mail)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail matching ${subject} for ${email}`);
}

/** The link of the newest mail the shop wrote to its outbox for this address. */
export async function mailedLink(email: string, subject: RegExp): Promise<string> {
  const { link } = await mailed(email, subject);
  if (!link) throw new Error(`The mail matching ${subject} for ${email} has no link`);
  return link;
}

async function expectOk(
  response: { ok(): boolean; status(): number; text(): Promise<string> },
  what: string,
) {
  if (response.status() >= 400)
    throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
}

/** Creates and confirms an account through the API, as the mailed link would. */
export async function registerAccount(api: APIRequestContext, account: Account): Promise<void> {
  await expectOk(await api.post("/api/auth/sign-up/email", { data: account, headers: origin }), "sign-up");
  const link = new URL(await mailedLink(account.email, /Confirm your e-mail/));
  await expectOk(await api.get(`${link.pathname}${link.search}`, { maxRedirects: 0 }), "verification");
}

/** Signs an API client in: it keeps the session cookie for its next calls. */
export async function signInApi(api: APIRequestContext, account: Account): Promise<void> {
  const response = await api.post("/api/auth/sign-in/email", {
    data: { email: account.email, password: account.password },
    headers: origin,
  });
  await expectOk(response, "sign-in");
}

/** Signs the browser context in by writing its session cookie, without clicking through the form. */
export async function signInContext(context: BrowserContext, account: Account): Promise<void> {
  await signInApi(context.request, account);
}

export async function createCustomer(context: BrowserContext, prefix = "customer"): Promise<Account> {
  const account = newAccount(prefix);
  await registerAccount(context.request, account);
  await signInContext(context, account);
  return account;
}

let ownerRegistered: Promise<Account> | undefined;

/** The configured first admin (ADMIN_EMAIL), registered once per run. */
export function ownerAccount(): Promise<Account> {
  ownerRegistered ??= (async () => {
    const owner = { name: "Shop Owner", email: adminEmail, password: "owner password 42" };
    const api = await playwrightRequest.newContext({ baseURL: baseUrl });
    await registerAccount(api, owner);
    await api.dispose();
    return owner;
  })();
  return ownerRegistered;
}

export async function signInAsOwner(context: BrowserContext): Promise<Account> {
  const owner = await ownerAccount();
  await signInContext(context, owner);
  return owner;
}
