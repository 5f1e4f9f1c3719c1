import { clientCompanyOf, isClient } from "../../auth/order-access.js";
import type { SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { companyForOrder } from "../companies/index.js";
import { attachOrdersToCompany } from "./queries/orders.js";

/**
 * Before a customer's order is written: they are in a client company (a company of one made at
 * their first order), and any orders of theirs from before they were in one go to it. In `tx`.
 */
export async function placeCustomerInCompany(tx: Database, userId: string): Promise<void> {
  const company = await companyForOrder(tx, userId);
  if (company?.made) await attachOrdersToCompany(tx, userId, company.id);
}

/**
 * The same for the caller of a checkout, at no cost when their session already names their
 * company (the order's statement reads the company from their row as it writes).
 */
export async function ensureCallerCompany(db: Database, caller: SessionUser): Promise<void> {
  if (!isClient(caller) || clientCompanyOf(caller)) return;
  await db.transaction((tx) => placeCustomerInCompany(tx, caller.id));
}
