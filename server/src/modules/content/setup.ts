import { type SetupChecklist, type SetupStep, setupSteps } from "@agency/contract";
import { and, count, isNotNull, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.js";
import { pricingPlans, teamInvitations, user } from "../../db/schema.js";
import { siteContentValueOf } from "./invoicing-queries.js";
import { saveSiteContentValue, siteContentByKeyForUpdate } from "./queries.js";

// A new shop's setup checklist for the Owner (and whoever else operates the shop): each step is done when the shop shows it (read
// afresh each time, never stored), or dismissed, which is kept with the site's settings
// (`site_content`, key "setup").

const setupKey = "setup";
const Dismissed = z.object({ dismissed: z.array(z.enum(setupSteps)).catch([]) }).catch({ dismissed: [] });

/** What the running shop is set up with: its payment provider and its mail transport. */
export type SetupFacts = { provider: "stripe" | "test"; smtp: boolean };

async function doneSteps(db: Database, facts: SetupFacts): Promise<Record<SetupStep, boolean>> {
  const [identity, currency, [plans], [members], [invited]] = await Promise.all([
    siteContentValueOf(db, "identity"),
    siteContentValueOf(db, "currency"),
    db.select({ n: count() }).from(pricingPlans),
    db.select({ n: count() }).from(user).where(isNotNull(user.role)),
    db
      .select({ n: count() })
      .from(teamInvitations)
      .where(and(isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt))),
  ]);
  return {
    brand: identity !== undefined,
    currency: currency !== undefined,
    catalog: (plans?.n ?? 0) > 0,
    payments: facts.provider === "stripe",
    mail: facts.smtp,
    team: (members?.n ?? 0) > 1 || (invited?.n ?? 0) > 0,
  };
}

/** The checklist as it stands: every step, done or not, dismissed or not. */
export async function setupChecklist(db: Database, facts: SetupFacts): Promise<SetupChecklist> {
  const [done, saved] = await Promise.all([doneSteps(db, facts), siteContentValueOf(db, setupKey)]);
  const dismissed = new Set(Dismissed.parse(saved ?? {}).dismissed);
  return {
    steps: setupSteps.map((step) => ({
      step,
      done: done[step],
      dismissed: dismissed.has(step),
      detail:
        step === "payments" && !done.payments ? "test_mode" : step === "mail" && !done.mail ? "outbox" : null,
    })),
  };
}

/** The Owner (or a member who operates the shop) sets a step aside: the checklist no longer asks for it. */
export async function dismissSetupStep(
  db: Database,
  facts: SetupFacts,
  step: SetupStep,
): Promise<SetupChecklist> {
  await db.transaction(async (tx) => {
    const current = await siteContentByKeyForUpdate(tx, setupKey);
    const dismissed = new Set(Dismissed.parse(current?.value ?? {}).dismissed);
    dismissed.add(step);
    await saveSiteContentValue(tx, setupKey, { dismissed: setupSteps.filter((name) => dismissed.has(name)) });
  });
  return setupChecklist(db, facts);
}
