import { openPglite } from "../src/db/client.js";
import { createAccount, type TestAccount } from "./accounts.js";
import { createTestApp, type TestContext } from "./helpers.js";
import { placeOrder, placePaidOrder, planIds } from "./orders.js";
import { holdMigratedDatabase } from "./pglite-pool.js";
import { signedQuote } from "./sales.js";

export type ShopPeople = { customer: TestAccount; admin: TestAccount; quoteId: string };

/**
 * A small shop in use: a customer with two paid orders (payments, receipts), a quote they accepted
 * and signed, and another's unpaid order.
 */
export async function fillShop(ctx: TestContext): Promise<ShopPeople> {
  const customer = await createAccount(ctx);
  const admin = await createAccount(ctx, { admin: true });
  const plans = await planIds(ctx);
  await placePaidOrder(ctx, customer, plans.standardMonthly._id);
  await placePaidOrder(ctx, customer, plans.premiumYearly._id);
  await placeOrder(ctx, await createAccount(ctx), plans.standardMonthly._id);
  const quoteId = await signedQuote(ctx, admin, customer);
  return { customer, admin, quoteId };
}

/** What the customer and the admin see of the shop: orders, payments, receipts and the Overview. */
const firstWordOf = (name: string) => name.split(/[^\p{L}\p{N}]+/u).find(Boolean) ?? name;

export async function shopView(ctx: TestContext, { customer, admin, quoteId }: ShopPeople) {
  const read = async (url: string, account: TestAccount) => {
    const response = await ctx.app.inject({ method: "GET", url, headers: { cookie: account.cookie } });
    if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  return {
    myOrders: await read("/api/order", customer),
    myPayments: await read(`/api/payment-history/${customer.email}`, customer),
    myReceipts: await read("/api/receipts", customer),
    allOrders: await read("/api/orders", admin),
    // What the search words kept by triggers find: the customer's orders and company by a word.
    ordersByWord: await read(`/api/orders?q=${encodeURIComponent(firstWordOf(customer.name))}`, admin),
    companiesByWord: await read(
      `/api/admin/companies?q=${encodeURIComponent(firstWordOf(customer.name))}`,
      admin,
    ),
    // A sent quote's lines and its signature, which the database guards against changes.
    quote: await read(`/api/admin/sales/${quoteId}`, admin),
    // The owner's figures, kept by triggers: the same when rebuilt from the rows copied.
    overview: (({ asOf: _asOf, ...figures }) => figures)(await read("/api/admin/overview", admin)),
  };
}

/** A shop on an embedded database in a data directory on disk, as `npm start` keeps it. */
export async function startShopIn(dataDir: string, seed: boolean) {
  await holdMigratedDatabase(dataDir);
  const database = await openPglite(dataDir);
  await database.migrate();
  return createTestApp({ database, seed, env: { DATA_DIR: dataDir } });
}
