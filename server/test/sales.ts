import { AdminSalesDetail, type SalesDraftBody } from "@agency/contract";
import type { TestAccount } from "./accounts.js";
import type { TestContext } from "./helpers.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The day `days` from now (UTC), as quotes and invoices write it. */
export function dayFromNow(days: number, from = new Date()): string {
  return new Date(from.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** A quote's body: a landing page (1 × 1,200) for a new address, valid for 30 days. */
export function quoteBody(overrides: Partial<SalesDraftBody> = {}): SalesDraftBody {
  return {
    kind: "quote",
    email: "new-client@example.com",
    name: "New Client",
    lines: [{ description: "Landing page", quantity: 1, unitPrice: 1200, recurring: null }],
    note: "Design and build, two rounds of changes.",
    validUntil: dayFromNow(30),
    dueDate: null,
    ...overrides,
  };
}

export function invoiceBody(overrides: Partial<SalesDraftBody> = {}): SalesDraftBody {
  // Paid by card through an order, as invoices were before they could be for work already done.
  return quoteBody({
    kind: "invoice",
    validUntil: null,
    dueDate: dayFromNow(10),
    startsWork: true,
    ...overrides,
  });
}

/** Calls a team route of the quotes as `account`. */
export function salesCall(
  ctx: TestContext,
  account: TestAccount,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: object,
) {
  return ctx.app.inject({
    method,
    url: `/api/admin/sales${url}`,
    headers: { cookie: account.cookie },
    payload,
  });
}

/** Writes a draft (and sends it when asked) as the member; answers its id. */
export async function writeQuote(
  ctx: TestContext,
  member: TestAccount,
  options: { send?: boolean; body?: SalesDraftBody } = {},
): Promise<string> {
  const created = await salesCall(ctx, member, "POST", "", options.body ?? quoteBody());
  if (created.statusCode !== 200) throw new Error(`the draft was refused: ${created.body}`);
  const { _id } = AdminSalesDetail.parse(created.json());
  if (options.send) {
    const sent = await salesCall(ctx, member, "POST", `/${_id}/send`);
    if (sent.statusCode !== 200) throw new Error(`the send was refused: ${sent.body}`);
  }
  return _id;
}

/** The team's view of a revision. */
export async function salesDetail(
  ctx: TestContext,
  member: TestAccount,
  id: string,
): Promise<AdminSalesDetail> {
  const response = await salesCall(ctx, member, "GET", `/${id}`);
  if (response.statusCode !== 200) throw new Error(`GET ${id}: ${response.body}`);
  return AdminSalesDetail.parse(response.json());
}

/** The token of a sent revision's link (the customer's page). */
export async function tokenOf(ctx: TestContext, member: TestAccount, id: string): Promise<string> {
  const { link } = await salesDetail(ctx, member, id);
  if (!link) throw new Error("not sent: no link");
  return link.split("/").pop() ?? "";
}

/** Calls the customer's side of a link as `account` (or as nobody). */
export function customerCall(
  ctx: TestContext,
  account: TestAccount | undefined,
  method: "GET" | "POST",
  url: string,
  payload?: object,
) {
  return ctx.app.inject({
    method,
    url: `/api/sales/${url}`,
    headers: account ? { cookie: account.cookie } : {},
    payload,
  });
}

/** An acceptance's body: signed with `name` (a tick to accept), with the optional lines ticked. */
export function signed(name = "Ada Lovelace", options: number[] = []) {
  return { options, signature: { name, agree: true as const } };
}

/** A quote to `customer`, sent, opened and accepted with their signature; answers its id. */
export async function signedQuote(
  ctx: TestContext,
  member: TestAccount,
  customer: TestAccount,
): Promise<string> {
  const id = await writeQuote(ctx, member, { send: true, body: quoteBody({ email: customer.email }) });
  const token = await tokenOf(ctx, member, id);
  await customerCall(ctx, customer, "GET", token);
  const accepted = await customerCall(ctx, customer, "POST", `${token}/accept`, signed());
  if (accepted.statusCode !== 200) throw new Error(`the quote was not accepted: ${accepted.body}`);
  return id;
}
