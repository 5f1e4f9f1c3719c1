import {
  MailPreferences,
  UnsubscribeQuery,
  UnsubscribeResult,
  UpdateMailPreferences,
} from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { isTeamMember, requireUser, type SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { AppError, refusals } from "../../errors.js";
import {
  checkMailToken,
  setOptionalMail,
  setTeamMail,
  teamMailTurnedOff,
  wantsOptionalMail,
} from "../../mail/preferences.js";
import { accountHolder } from "../audit/index.js";
import { signUpForNewsletter } from "../leads/index.js";
import { newsletterSignUpOfAddress } from "./queries.js";
import { leaveNewsletter, unsubscribe } from "./service.js";

type Options = { db: Database; secret: string; rateLimitPerMinute: number };

async function newsletterStatus(db: Database, email: string): Promise<MailPreferences["newsletter"]> {
  const row = await newsletterSignUpOfAddress(db, email.toLowerCase());
  if (!row) return "none";
  return row.confirmedAt ? "subscribed" : "pending";
}

async function teamPreferences(db: Database, caller: SessionUser): Promise<MailPreferences["team"]> {
  if (!isTeamMember(caller)) return undefined;
  const off = await teamMailTurnedOff(db, caller.id);
  return { orderMessages: !off.has("order-messages"), orderAssigned: !off.has("order-assigned") };
}

async function preferences(db: Database, caller: SessionUser): Promise<MailPreferences> {
  const { email } = caller;
  const team = await teamPreferences(db, caller);
  return {
    email,
    optionalMail: await wantsOptionalMail(db, email),
    newsletter: await newsletterStatus(db, email),
    ...(team ? { team } : {}),
  };
}

/** The preference page's API, and the unsubscribe link every optional mail carries. */
export const mailRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, secret, rateLimitPerMinute }) => {
  const refused = refusals(400, 401, 404);

  app.get(
    "/mail/preferences",
    {
      config: { access: "user" },
      schema: {
        tags: ["mail"],
        summary: "The caller's e-mail preferences",
        response: { 200: MailPreferences, ...refused },
      },
    },
    async (request) => preferences(db, await requireUser(request)),
  );

  app.put(
    "/mail/preferences",
    {
      config: { access: "user" },
      schema: {
        tags: ["mail"],
        summary: "Turn optional mail, the newsletter and a team member's work mails on or off",
        body: UpdateMailPreferences,
        response: { 200: MailPreferences, ...refused },
      },
    },
    async (request) => {
      const caller = await requireUser(request);
      const { email } = caller;
      const { optionalMail, newsletter, team } = request.body;
      await setOptionalMail(db, email, optionalMail);
      if (newsletter === false) {
        await leaveNewsletter(db, accountHolder(caller), email);
      } else if (newsletter === true) {
        await signUpForNewsletter(db, { email });
      }
      // Work mails are the team's: a customer's `team` changes nothing.
      if (team && isTeamMember(caller)) {
        if (team.orderMessages !== undefined) {
          await setTeamMail(db, caller.id, "order-messages", team.orderMessages);
        }
        if (team.orderAssigned !== undefined) {
          await setTeamMail(db, caller.id, "order-assigned", team.orderAssigned);
        }
      }
      return preferences(db, caller);
    },
  );

  // RFC 8058 one-click: mail clients POST "List-Unsubscribe=One-Click" as a form; the link's own
  // query says who. The unsubscribe page posts here too.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) => done(null, body),
  );
  app.post(
    "/mail/unsubscribe",
    {
      config: { access: "public", rateLimit: { max: rateLimitPerMinute, timeWindow: "1 minute" } },
      schema: {
        tags: ["mail"],
        summary: "Unsubscribe an address from optional mail and the newsletter (signed link)",
        querystring: UnsubscribeQuery,
        response: { 200: UnsubscribeResult, ...refusals(400, 401, 404, 429) },
      },
    },
    async (request) => {
      const email = request.query.email.trim().toLowerCase();
      if (!checkMailToken(secret, "unsubscribe", email, request.query.token)) {
        throw new AppError("not_found", "This unsubscribe link is not valid.");
      }
      await unsubscribe(db, email);
      return { unsubscribed: true as const, email };
    },
  );
};
