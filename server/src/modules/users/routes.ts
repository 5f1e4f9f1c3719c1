import {
  AdminStatus,
  EmailParams,
  ErrorResponse,
  SignInOptions,
  UserToken,
  UserTokenBody,
} from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireSession } from "../../auth/session.js";
import type { Config } from "../../config.js";
import type { Database } from "../../db/client.js";
import * as users from "./service.js";

const denied = { 401: ErrorResponse, 403: ErrorResponse } as const;

export const userRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  app.get(
    "/sign-in-options",
    {
      config: { access: "public" },
      schema: {
        tags: ["accounts"],
        summary: "Which social sign-ins are configured",
        response: { 200: SignInOptions },
      },
    },
    () => ({ google: Boolean(config.auth.google), facebook: Boolean(config.auth.facebook) }),
  );

  app.put(
    "/user/:email",
    {
      config: { access: "user" },
      schema: {
        tags: ["accounts"],
        summary: "A bearer token for the signed-in user's own account",
        params: EmailParams,
        body: UserTokenBody,
        response: { 200: UserToken, ...denied },
      },
    },
    async (request) => users.issueToken(await requireSession(request), request.params.email, request.body),
  );

  app.get(
    "/admin/:email",
    {
      config: { access: "user" },
      schema: {
        tags: ["accounts"],
        summary: "Whether an account is an admin (own account, or any account for admins)",
        params: EmailParams,
        response: { 200: AdminStatus, ...denied, 404: ErrorResponse },
      },
    },
    // Who the person is on the team, also while a required second factor is not set up yet.
    async (request) => users.adminStatus(db, (await requireSession(request)).user, request.params.email),
  );
};
