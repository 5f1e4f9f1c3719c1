import { IdParams, Message, MessageList, PostMessageBody, UnreadCounts } from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../../auth/session.js";
import type { Clock } from "../../clock.js";
import type { Database } from "../../db/client.js";
import { refusals } from "../../errors.js";
import { listMessages, postMessage, unreadCounts } from "./service.js";

const refused = refusals(400, 401, 403, 404);

/** Each order's thread between its customer and the agency. */
export const messageRoutes: FastifyPluginAsyncZod<{ db: Database; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  app.get(
    "/order/:id/messages",
    {
      config: { access: "user" },
      schema: {
        tags: ["orders"],
        summary: "An order's thread, oldest first (internal notes for admins only); marks it read",
        params: IdParams,
        response: { 200: MessageList, ...refused },
      },
    },
    async (request) => listMessages(db, await requireUser(request), request.params.id),
  );

  app.post(
    "/order/:id/messages",
    {
      config: { access: "user" },
      schema: {
        tags: ["orders"],
        summary: "Write on an order's thread, with files uploaded to it (internal notes: admins only)",
        params: IdParams,
        body: PostMessageBody,
        response: { 200: Message, ...refused },
      },
    },
    async (request) => postMessage(db, clock, await requireUser(request), request.params.id, request.body),
  );

  app.get(
    "/messages/unread",
    {
      config: { access: "user" },
      schema: {
        tags: ["orders"],
        summary: "How many messages the caller has not read, per order",
        response: { 200: UnreadCounts, ...refused },
      },
    },
    async (request) => unreadCounts(db, await requireUser(request)),
  );
};
