import { twoFactorMessages } from "@agency/contract";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { appState } from "../db/schema.js";
import { AppError } from "../errors.js";
import { sessionCacheMs } from "./session-cache.js";
import type { SessionUser } from "./session-user.js";

/** The owner's choice, kept among the installation's facts: "true" while every member must use a code. */
const REQUIRED_KEY = "team.two_factor_required";

export async function readTeamTwoFactorRequired(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ value: appState.value })
    .from(appState)
    .where(eq(appState.key, REQUIRED_KEY));
  return row?.value === "true";
}

/** Writes the owner's choice; call it inside the transaction that records it in the audit log. */
export async function writeTeamTwoFactorRequired(tx: Database, required: boolean): Promise<void> {
  const value = String(required);
  await tx
    .insert(appState)
    .values({ key: REQUIRED_KEY, value })
    .onConflictDoUpdate({ target: appState.key, set: { value, updatedAt: new Date() } });
}

export type TeamTwoFactorPolicy = {
  required(): Promise<boolean>;
  /** After the owner's change on this instance; others see it within `sessionCacheMs`. */
  forget(): void;
};

/**
 * Whether the shop requires two-factor sign-in of its team, read at most once per few seconds like
 * a session: every call of a team route asks.
 */
export function teamTwoFactorPolicy(db: Database): TeamTwoFactorPolicy {
  let kept: { until: number; value: Promise<boolean> } | undefined;
  return {
    required() {
      const now = Date.now();
      if (kept && kept.until > now) return kept.value;
      const value = readTeamTwoFactorRequired(db);
      const entry = { until: now + sessionCacheMs, value };
      kept = entry;
      value.catch(() => {
        if (kept === entry) kept = undefined;
      });
      return value;
    },
    forget() {
      kept = undefined;
    },
  };
}

/**
 * A person of the team without a second factor is refused every team call while the owner requires
 * one, until they set it up (their account page and the auth calls stay open to them). An API key
 * is no person and is not asked.
 */
export async function requireSecondFactorIfAsked(
  policy: TeamTwoFactorPolicy,
  user: Pick<SessionUser, "apiKey" | "twoFactorEnabled">,
): Promise<void> {
  if (user.apiKey || user.twoFactorEnabled) return;
  if (await policy.required()) throw new AppError("forbidden", twoFactorMessages.setUpFirst);
}
