import { IdParams, ModifiedCount, TeamTwoFactor, TeamTwoFactorBody, TwoFactorStatus } from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireMember, requireSession } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { refusals } from "../../errors.js";
import {
  resetMemberTwoFactor,
  setTeamTwoFactorRequired,
  teamTwoFactor,
  twoFactorStatusOf,
} from "./two-factor.js";

const refused = refusals(400, 401, 403, 404, 409);
const manage = { access: "team" as const, permission: "team.manage" as const };
/** The owner's own calls: a person signed in, never an API key. */
const ownerOnly = { ...manage, apiKeys: false as const };
const tags = ["team"];

/**
 * Two-factor sign-in beyond the account library's own calls (/api/auth/two-factor/*): whether the
 * caller has it and must, the owner's requirement for the team, and the owner's reset of a member's.
 */
export const teamTwoFactorRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/two-factor",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Whether the caller signs in with a code, and whether the shop requires it of them",
        response: { 200: TwoFactorStatus, ...refused },
      },
    },
    async (request) => twoFactorStatusOf(db, (await requireSession(request)).user),
  );

  app.get(
    "/team/two-factor",
    {
      config: manage,
      schema: {
        tags,
        summary: "Whether the team must sign in with a code, and which members do",
        response: { 200: TeamTwoFactor, ...refused },
      },
    },
    async () => teamTwoFactor(db),
  );

  app.put(
    "/team/two-factor",
    {
      config: ownerOnly,
      schema: {
        tags,
        summary: "Require two-factor sign-in of every member, or stop requiring it (the owner only)",
        body: TeamTwoFactorBody,
        response: { 200: ModifiedCount, ...refused },
      },
    },
    async (request) => {
      const result = await setTeamTwoFactorRequired(db, await requireMember(request), request.body.required);
      app.teamTwoFactor.forget();
      return result;
    },
  );

  app.post(
    "/team/members/:id/two-factor/reset",
    {
      config: ownerOnly,
      schema: {
        tags,
        summary:
          "Remove a member's second factor, so they sign in with their password and set it up again (the owner only)",
        params: IdParams,
        response: { 200: ModifiedCount, ...refused },
      },
    },
    async (request) => {
      const result = await resetMemberTwoFactor(db, await requireMember(request), request.params.id);
      app.sessionCache.clear();
      return result;
    },
  );
};
