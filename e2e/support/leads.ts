import { type Lead, LeadList } from "@agency/contract";
import { type APIRequestContext, type Page, request as playwrightRequest } from "playwright-core";
import { expect } from "vitest";
import { newsletterConfirmation } from "../../web/app/lib/messages";
import { mailedLink, ownerAccount, signInApi } from "./accounts";
import { baseUrl } from "./browser";

let ownerApi: Promise<APIRequestContext> | undefined;

/** An API client signed in as the shop's owner, made once per test file. */
function ownerClient(): Promise<APIRequestContext> {
  ownerApi ??= (async () => {
    const api = await playwrightRequest.newContext({ baseURL: baseUrl });
    await signInApi(api, await ownerAccount());
    return api;
  })();
  return ownerApi;
}

/**
 * The leads the shop stored for this address, read as an admin reads them (GET /api/admin/leads,
 * newest first), oldest first.
 */
export async function storedLeads(email: string): Promise<Lead[]> {
  const api = await ownerClient();
  const response = await api.get("/api/admin/leads", { params: { size: 200 } });
  if (!response.ok()) throw new Error(`GET /api/admin/leads: ${response.status()} ${await response.text()}`);
  const { leads } = LeadList.parse(await response.json());
  return leads.filter((lead) => lead.email === email).reverse();
}

/** A fresh address per journey, so a check finds the lead this run stored and no other. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@visitor.test`;
}

/** Opens the newsletter confirmation link mailed to this address, as its owner would, and waits for the page to confirm it. */
export async function confirmNewsletterByMail(page: Page, email: string): Promise<void> {
  const link = await mailedLink(email, /Confirm your newsletter subscription/);
  expect(new URL(link).pathname).toBe("/newsletter/confirm");
  await page.goto(link);
  await page.getByRole("status").filter({ hasText: newsletterConfirmation.confirmed }).waitFor();
}
