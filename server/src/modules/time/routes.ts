import {
  CapacityBody,
  ClientOrderHours,
  HourlyRateBody,
  IdParams,
  InvoicedTime,
  InvoiceTimeBody,
  OrderTime,
  RunningTimer,
  StartTimerBody,
  TimeEntry,
  TimeEntryBody,
  TimeEntryPatch,
  TimeWeek,
  TimeWeekQuery,
  toMinor,
  UnbilledTime,
  Workload,
} from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { can } from "../../auth/permissions.js";
import { requireMember, requireUser } from "../../auth/session.js";
import type { Clock } from "../../clock.js";
import type { Database } from "../../db/client.js";
import { refusals } from "../../errors.js";
import { shopMoney } from "../catalog/index.js";
import { invoiceTime, unbilledTime } from "./billing.js";
import {
  addEntry,
  changeEntry,
  clientOrderHours,
  orderTime,
  removeEntry,
  runningTimer,
  startTimer,
  stopTimer,
  timeWeek,
} from "./service.js";
import { setCapacity, setHourlyRate, workload } from "./workload.js";

const refused = refusals(400, 401, 403, 404, 409);
const tags = ["time"];
// A person's time: an API key is no member with a timer.
const work = { access: "team", permission: "orders.work", apiKeys: false } as const;
// Reading an order's time and the workload is open to a key of a role that may.
const reads = { access: "team", permission: "orders.work" } as const;

/** Time on orders: the timer, entries by hand, an order's totals and a week's. */
export const timeRoutes: FastifyPluginAsyncZod<{ db: Database; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  const ctx = { db, now: () => clock.now() };

  app.get(
    "/admin/orders/:id/time",
    {
      config: reads,
      schema: {
        tags,
        summary: "An order's time entries and totals",
        params: IdParams,
        response: { 200: OrderTime, ...refused },
      },
    },
    async (request) => orderTime(ctx, await requireMember(request), request.params.id),
  );

  app.post(
    "/admin/orders/:id/time",
    {
      config: work,
      schema: {
        tags,
        summary: "Add a time entry by hand: day, minutes, note, billable",
        params: IdParams,
        body: TimeEntryBody,
        response: { 200: OrderTime, ...refused },
      },
    },
    async (request) => addEntry(ctx, await requireMember(request), request.params.id, request.body),
  );

  app.post(
    "/admin/orders/:id/time/start",
    {
      config: work,
      schema: {
        tags,
        summary: "Start the caller's timer on the order (a timer running elsewhere stops)",
        params: IdParams,
        body: StartTimerBody,
        response: { 200: RunningTimer, ...refused },
      },
    },
    async (request) => startTimer(ctx, await requireMember(request), request.params.id, request.body),
  );

  app.get(
    "/order/:id/hours",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "The hours spent on one's own order, when its plan shows them to the client",
        params: IdParams,
        response: { 200: ClientOrderHours, ...refused },
      },
    },
    async (request) => clientOrderHours(ctx, await requireUser(request), request.params.id),
  );

  app.post(
    "/admin/time/stop",
    {
      config: work,
      schema: { tags, summary: "Stop the caller's running timer", response: { 200: TimeEntry, ...refused } },
    },
    async (request) => stopTimer(ctx, await requireMember(request)),
  );

  app.get(
    "/admin/time/running",
    {
      config: work,
      schema: {
        tags,
        summary: "The caller's running timer, if any",
        response: { 200: RunningTimer, ...refused },
      },
    },
    async (request) => runningTimer(ctx, await requireMember(request)),
  );

  app.get(
    "/admin/time/week",
    {
      config: work,
      schema: {
        tags,
        summary: "Each member's minutes in a week (one's own without orders.assign)",
        querystring: TimeWeekQuery,
        response: { 200: TimeWeek, ...refused },
      },
    },
    async (request) => timeWeek(ctx, await requireMember(request), request.query.day),
  );

  app.patch(
    "/admin/time/:id",
    {
      config: work,
      schema: {
        tags,
        summary: "Change a time entry (its author, or time.manage)",
        params: IdParams,
        body: TimeEntryPatch,
        response: { 200: OrderTime, ...refused },
      },
    },
    async (request) => changeEntry(ctx, await requireMember(request), request.params.id, request.body),
  );

  app.delete(
    "/admin/time/:id",
    {
      config: work,
      schema: {
        tags,
        summary: "Delete a time entry (its author, or time.manage)",
        params: IdParams,
        response: { 200: OrderTime, ...refused },
      },
    },
    async (request) => removeEntry(ctx, await requireMember(request), request.params.id),
  );

  // The workload is the view of who assigns the work.
  const assigns = { access: "team", permission: "orders.assign" } as const;

  app.get(
    "/admin/workload",
    {
      config: assigns,
      schema: {
        tags,
        summary: "Each member's open orders, hours due this week against their capacity, and hours logged",
        response: { 200: Workload, ...refused },
      },
    },
    async (request) => workload(db, clock.now(), can(await requireMember(request), "money.view")),
  );

  app.put(
    "/admin/workload/:id/capacity",
    {
      config: assigns,
      schema: {
        tags,
        summary: "Set the hours a member works in a week",
        params: IdParams,
        body: CapacityBody,
        response: { 200: Workload, ...refused },
      },
    },
    async (request) => {
      const caller = await requireMember(request);
      await setCapacity(db, request.params.id, request.body.hours);
      return workload(db, clock.now(), can(caller, "money.view"));
    },
  );

  app.put(
    "/admin/workload/:id/rate",
    {
      config: { access: "team", permission: "money.view" },
      schema: {
        tags,
        summary: "Set what an hour of a member's billable time is invoiced at (null: none)",
        params: IdParams,
        body: HourlyRateBody,
        response: { 200: Workload, ...refused },
      },
    },
    async (request) => {
      const { currency } = await shopMoney(db);
      const { rate } = request.body;
      await setHourlyRate(db, request.params.id, rate === null ? null : toMinor(rate, currency));
      return workload(db, clock.now(), true);
    },
  );

  app.get(
    "/admin/companies/:id/unbilled-time",
    {
      config: { access: "team", permission: "money.view" },
      schema: {
        tags,
        summary: "A company's billable time not billed yet, at each member's hourly rate",
        params: IdParams,
        response: { 200: UnbilledTime, ...refused },
      },
    },
    async (request) => unbilledTime(ctx, await requireMember(request), request.params.id),
  );

  app.post(
    "/admin/time/invoice",
    {
      config: { access: "team", permission: "sales.manage" },
      schema: {
        tags,
        summary:
          "Make a draft invoice of a company's chosen billable entries (one line per entry or per member)",
        body: InvoiceTimeBody,
        response: { 200: InvoicedTime, ...refused },
      },
    },
    async (request) => ({ invoiceId: await invoiceTime(ctx, await requireMember(request), request.body) }),
  );
};
