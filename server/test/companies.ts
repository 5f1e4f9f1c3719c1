import type { ClientRole } from "@agency/contract";
import { eq } from "drizzle-orm";
import { user } from "../src/db/schema.js";
import { addPersonToCompany } from "../src/modules/companies/index.js";
import { createAccount, type TestAccount } from "./accounts.js";
import type { TestContext } from "./helpers.js";

/** The company the person is in now (their first order made it); fails for someone in none. */
export async function companyOf(ctx: TestContext, account: TestAccount): Promise<string> {
  const [row] = await ctx.db.select({ companyId: user.companyId }).from(user).where(eq(user.id, account.id));
  if (!row?.companyId) throw new Error(`${account.email} is in no company`);
  return row.companyId;
}

/** A new person joins the company with a client role, as an accepted invitation puts them in. */
export async function colleagueIn(
  ctx: TestContext,
  companyId: string,
  companyRole: ClientRole,
  name: string,
): Promise<TestAccount> {
  const person = await createAccount(ctx, { name });
  await ctx.db.transaction((tx) => addPersonToCompany(tx, { companyId, userId: person.id, companyRole }));
  // A person's company travels in their session.
  ctx.app.sessionCache.clear();
  return person;
}
