import { IdParams, OrderDetail, RequestChangesBody, SubmitBriefBody } from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { findVisibleOrder } from "../../auth/order-access.js";
import { requireUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { refusals } from "../../errors.js";
import { confirmBrief, submitBrief } from "./brief.js";
import { approveDelivery, orderDetail, requestChanges } from "./service.js";

const refused = refusals(400, 401, 404, 409);

/** The customer's side of an order's work: its page, the brief, approving a delivery. */
export const workflowRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/order/:id",
    {
      config: { access: "user" },
      schema: {
        tags: ["orders"],
        summary: "One order with its state, history, brief and refunds (its customer or an admin)",
        params: IdParams,
        response: { 200: OrderDetail, ...refused },
      },
    },
    async (request) => {
      const caller = await requireUser(request);
      return orderDetail(db, await findVisibleOrder(db, caller, request.params.id), caller);
    },
  );

  app.put(
    "/order/:id/brief",
    {
      config: { access: "user" },
      schema: {
        tags: ["orders"],
        summary: "Answer the order's brief (its customer, after payment, before the work starts)",
        params: IdParams,
        body: SubmitBriefBody,
        response: { 200: OrderDetail, ...refused },
      },
    },
    async (request) => submitBrief(db, await requireUser(request), request.params.id, request.body),
  );

  app.post(
    "/order/:id/brief/confirm",
    {
      config: { access: "user" },
      schema: {
        tags: ["orders"],
        summary: "Confirm the brief carried over from the period before, as it is (its customer)",
        params: IdParams,
        response: { 200: OrderDetail, ...refused },
      },
    },
    async (request) => confirmBrief(db, await requireUser(request), request.params.id),
  );

  app.post(
    "/order/:id/approve",
    {
      config: { access: "user" },
      schema: {
        tags: ["orders"],
        summary: "Approve the delivery: the order is complete (its customer)",
        params: IdParams,
        response: { 200: OrderDetail, ...refused },
      },
    },
    async (request) => approveDelivery(db, await requireUser(request), request.params.id),
  );

  app.post(
    "/order/:id/request-changes",
    {
      config: { access: "user" },
      schema: {
        tags: ["orders"],
        summary: "Send the delivery back with what to change (its customer)",
        params: IdParams,
        body: RequestChangesBody,
        response: { 200: OrderDetail, ...refused },
      },
    },
    async (request) => requestChanges(db, await requireUser(request), request.params.id, request.body.note),
  );
};
