// A new shop's setup checklist: what the Owner still has to make the shop theirs.

import { z } from "zod";

export const setupSteps = ["brand", "currency", "catalog", "payments", "mail", "team"] as const;
export const SetupStep = z.enum(setupSteps, { message: `must be one of ${setupSteps.join(", ")}` });
export type SetupStep = z.infer<typeof SetupStep>;

/**
 * Each step, done (what the shop shows says so: a saved brand, a chosen currency, a catalog with
 * a plan, Stripe keys, an SMTP server, a second team member) or dismissed by the Owner. `detail`
 * says what stands now when it helps ("test mode", "outbox").
 */
export const SetupChecklist = z
  .object({
    steps: z.array(
      z.object({
        step: SetupStep,
        done: z.boolean(),
        dismissed: z.boolean(),
        detail: z.enum(["test_mode", "outbox"]).nullable(),
      }),
    ),
  })
  .meta({ id: "SetupChecklist" });
export type SetupChecklist = z.infer<typeof SetupChecklist>;

export const DismissSetupStepBody = z.object({ step: SetupStep });
