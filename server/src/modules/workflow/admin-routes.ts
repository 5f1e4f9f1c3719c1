import {
  AssignOrderBody,
  BriefQuestionList,
  CancelOrderBody,
  ChangeOrderStateBody,
  IdParams,
  OrderDetail,
  OrderDueBody,
  RefundOrderBody,
  UpdateBriefQuestionsBody,
} from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { findOrder } from "../../auth/order-access.js";
import { requireMember } from "../../auth/session.js";
import type { Clock } from "../../clock.js";
import type { Database } from "../../db/client.js";
import { refusals } from "../../errors.js";
import type { BillingSync, PaymentProvider } from "../../payment-providers/provider.js";
import type { ReceiptSettings } from "../billing/index.js";
import { assignOrder, cancelOrder, refundOrder, setOrderDue } from "../orders/index.js";
import { planBriefQuestions, updatePlanBriefQuestions } from "./brief-questions.js";
import { changeOrderState, orderDetail } from "./service.js";

const refused = refusals(400, 401, 403, 404, 409, 422);

/** The agency's side of an order's work, and each plan's brief questions. */
export const workflowAdminRoutes: FastifyPluginAsyncZod<{
  db: Database;
  provider: PaymentProvider;
  receipts: ReceiptSettings;
  billing: Pick<BillingSync, "cancelNow"> | undefined;
  clock: Clock;
}> = async (app, { db, provider, receipts, billing, clock }) => {
  app.get(
    "/admin/orders/:id",
    {
      config: { access: "team", permission: "orders.work" },
      schema: {
        tags: ["admin"],
        summary: "One order with its state, history, brief, payments and refunds",
        params: IdParams,
        response: { 200: OrderDetail, ...refused },
      },
    },
    async (request) => {
      const caller = await requireMember(request);
      return orderDetail(db, await findOrder(db, request.params.id, caller), caller);
    },
  );

  app.put(
    "/admin/orders/:id/assignee",
    {
      config: { access: "team", permission: "orders.assign" },
      schema: {
        tags: ["admin"],
        summary: "Assign an order to a member whose role works on orders (they are mailed), or unassign it",
        params: IdParams,
        body: AssignOrderBody,
        response: { 200: OrderDetail, ...refused },
      },
    },
    async (request) => {
      const caller = await requireMember(request);
      const row = await assignOrder(db, caller, request.params.id, request.body.assigneeId);
      return orderDetail(db, row, caller);
    },
  );

  app.put(
    "/admin/orders/:id/due",
    {
      config: { access: "team", permission: "orders.assign" },
      schema: {
        tags: ["admin"],
        summary: "Change when an order's work is due, or clear the date",
        params: IdParams,
        body: OrderDueBody,
        response: { 200: OrderDetail, ...refused },
      },
    },
    async (request) => {
      const caller = await requireMember(request);
      const row = await setOrderDue(db, caller, request.params.id, request.body.dueAt);
      return orderDetail(db, row, caller);
    },
  );

  app.post(
    "/admin/orders/:id/state",
    {
      config: { access: "team", permission: "orders.work" },
      schema: {
        tags: ["admin"],
        summary: "Move an order on: start the work, deliver (with files), or reopen a delivery",
        params: IdParams,
        body: ChangeOrderStateBody,
        response: { 200: OrderDetail, ...refused },
      },
    },
    async (request) => changeOrderState(db, await requireMember(request), request.params.id, request.body),
  );

  app.post(
    "/admin/orders/:id/cancel",
    {
      config: { access: "team", permission: "orders.refund" },
      schema: {
        tags: ["admin"],
        summary: "Cancel an order before it is complete, optionally refunding its latest payment",
        params: IdParams,
        body: CancelOrderBody,
        response: { 200: OrderDetail, ...refused },
      },
    },
    async (request) => {
      const caller = await requireMember(request);
      const context = { db, provider, receipts, billing, now: () => clock.now() };
      return orderDetail(db, await cancelOrder(context, caller, request.params.id, request.body), caller);
    },
  );

  app.post(
    "/admin/orders/:id/refunds",
    {
      config: { access: "team", permission: "orders.refund" },
      schema: {
        tags: ["admin"],
        summary:
          "Refund part or all of what is left of one of the order's payments, with a reason (all that is left of the latest payment also cancels the order)",
        params: IdParams,
        body: RefundOrderBody,
        response: { 200: OrderDetail, ...refused },
      },
    },
    async (request) => {
      const caller = await requireMember(request);
      const context = { db, provider, receipts, billing, now: () => clock.now() };
      return orderDetail(db, await refundOrder(context, caller, request.params.id, request.body), caller);
    },
  );

  app.get(
    "/admin/plans/:id/brief-questions",
    {
      config: { access: "team", permission: "catalog.edit" },
      schema: {
        tags: ["admin"],
        summary: "A plan's brief questions, in order",
        params: IdParams,
        response: { 200: BriefQuestionList, ...refused },
      },
    },
    async (request) => planBriefQuestions(db, request.params.id),
  );

  app.put(
    "/admin/plans/:id/brief-questions",
    {
      config: { access: "team", permission: "catalog.edit" },
      schema: {
        tags: ["admin"],
        summary: "Replace a plan's brief questions (answers already given keep theirs)",
        params: IdParams,
        body: UpdateBriefQuestionsBody,
        response: { 200: BriefQuestionList, ...refused },
      },
    },
    async (request) => updatePlanBriefQuestions(db, request.params.id, request.body),
  );
};
