import { RunDueRenewalsBody, RunDueRenewalsResult, TestClock } from "@agency/contract";
import type { FastifyBaseLogger } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type AdjustableClock, DAY_MS, daysAhead } from "../../clock.js";
import { refusals } from "../../errors.js";

const refused = refusals(400, 401, 403);
const tags = ["admin"];

/**
 * The Test tools page's API: trying renewals out without waiting a month. The app registers it only
 * while the test payment provider takes the payments and never in production, where time is real;
 * anywhere else these paths do not exist (404).
 */
export const testToolRoutes: FastifyPluginAsyncZod<{
  clock: AdjustableClock;
  /** A job worker of its own, run until no job is due. */
  jobRuntime: (log: FastifyBaseLogger) => { worker: { drain(): Promise<number> }; stop(): Promise<void> };
}> = async (app, { clock, jobRuntime }) => {
  const clockNow = () => ({ now: clock.now().toISOString(), clockAheadDays: daysAhead(clock) });

  app.get(
    "/admin/test-tools",
    {
      config: { access: "team", permission: "shop.operate" },
      schema: {
        tags,
        summary: "Test mode: where the billing clock stands",
        response: { 200: TestClock, ...refused },
      },
    },
    async () => clockNow(),
  );

  app.post(
    "/admin/test-tools/run-due",
    {
      config: { access: "team", permission: "shop.operate" },
      schema: {
        tags,
        summary: "Test mode: move the billing clock forward and run the renewals that fell due",
        body: RunDueRenewalsBody,
        response: { 200: RunDueRenewalsResult, ...refused },
      },
    },
    async (request) => {
      clock.advance(request.body.advanceDays * DAY_MS);
      const runtime = jobRuntime(request.log);
      try {
        const ran = await runtime.worker.drain();
        return { ran, ...clockNow() };
      } finally {
        await runtime.stop();
      }
    },
  );
};
