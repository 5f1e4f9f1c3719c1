import {
  CreateOrderBody,
  CreateOrderResponse,
  DeleteResult,
  FollowOrderBody,
  IdParams,
  Order,
  OrderFollowers,
  OrderList,
  OrdersQuery,
} from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { findVisibleOrder, sightOf } from "../../auth/order-access.js";
import { requireUser } from "../../auth/session.js";
import type { Clock } from "../../clock.js";
import type { Database } from "../../db/client.js";
import { refusals } from "../../errors.js";
import type { PaymentProvider } from "../../payment-providers/provider.js";
import { followersOf, setFollowing } from "./followers.js";
import { ordersWithSubscriptions, seenWith, toOrder } from "./present.js";
import * as ordersService from "./service.js";

const refused = refusals(401, 403, 404, 409);

export const orderRoutes: FastifyPluginAsyncZod<{
  db: Database;
  provider: PaymentProvider;
  clock: Clock;
}> = async (app, { db, provider, clock }) => {
  app.post(
    "/order",
    {
      config: { access: "user" },
      schema: {
        tags: ["orders"],
        summary: "Order a pricing plan (price and customer are taken from the server's records)",
        body: CreateOrderBody,
        response: { 200: CreateOrderResponse, ...refused },
      },
    },
    async (request) => ordersService.createOrder(db, await requireUser(request), request.body, clock),
  );

  app.get(
    "/order",
    {
      config: { access: "user" },
      schema: {
        tags: ["orders"],
        summary:
          "The caller's orders (a member of the team who sees customers may ask for a customer's: those it may see)",
        querystring: OrdersQuery,
        response: { 200: OrderList, ...refused },
      },
    },
    async (request) => ordersService.listOrders(db, await requireUser(request), request.query.email),
  );

  app.delete(
    "/order/:id",
    {
      config: { access: "user" },
      schema: {
        tags: ["orders"],
        summary: "Delete one of the caller's unpaid orders",
        params: IdParams,
        response: { 200: DeleteResult, ...refused },
      },
    },
    async (request) => ordersService.deleteOrder(db, provider, await requireUser(request), request.params.id),
  );

  app.get(
    "/dashboard/payment/:id",
    {
      config: { access: "user" },
      schema: {
        tags: ["orders"],
        summary: "One order, for its payment page (its customer or an admin)",
        params: IdParams,
        response: { 200: Order, ...refused },
      },
    },
    async (request) => {
      const caller = await requireUser(request);
      const order = await findVisibleOrder(db, caller, request.params.id);
      const [withSubscription] = await ordersWithSubscriptions(db, [order], { lines: true });
      return seenWith(withSubscription ?? toOrder(order), sightOf(caller, order));
    },
  );

  app.get(
    "/order/:id/followers",
    {
      config: { access: "user" },
      schema: {
        tags: ["orders"],
        summary:
          "Who gets the order's mails (the client's people who follow it), and whether the caller does",
        params: IdParams,
        response: { 200: OrderFollowers, ...refused },
      },
    },
    async (request) => followersOf(db, await requireUser(request), request.params.id),
  );

  app.put(
    "/order/:id/following",
    {
      config: { access: "user" },
      schema: {
        tags: ["orders"],
        summary: "Follow the order's mails, or stop (a person of the order's client only)",
        params: IdParams,
        body: FollowOrderBody,
        response: { 200: OrderFollowers, ...refused },
      },
    },
    async (request) => setFollowing(db, await requireUser(request), request.params.id, request.body),
  );
};
