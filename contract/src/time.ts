// Time the team spends on orders: a timer per member, or entries written by hand.

import { z } from "zod";

export const timeMessages = {
  running: "Your timer is already running on another order: stop it first.",
  notRunning: "No timer of yours is running.",
  notYours: "Only its author, or a member who may manage time, changes a time entry.",
  stillRunning: "A running timer is stopped before it is changed.",
  futureDay: "must not be in the future",
  minutes: "must be between 1 minute and 24 hours",
  notFound: "The time entry was not found.",
  hoursHidden: "The hours spent on this order are not shown.",
  notMember: "No member of the team has this id.",
  alreadyBilled:
    "Some of these entries were billed meanwhile, or are not this company's: reload and choose again.",
  noRate: (name: string) => `${name} has no hourly rate: set one on the Workload page first.`,
  tooManyLines: "An invoice takes up to 50 lines: group the entries per member, or choose fewer.",
  seesNoMoney: "Billing time shows amounts: it needs a role that sees money.",
} as const;

const day = z.iso.date({ message: "must be a day written YYYY-MM-DD" });
const minutes = z
  .number({ error: (issue) => (issue.input === undefined ? "is required" : "must be a number") })
  .int("must be whole minutes")
  .min(1, timeMessages.minutes)
  .max(1440, timeMessages.minutes);
const note = z.string().trim().max(500, "must be at most 500 characters");

/** One entry: a stopped (or running) timer, or one written by hand. */
export const TimeEntry = z
  .object({
    _id: z.string(),
    orderId: z.string(),
    orderNumber: z.number().int(),
    memberId: z.string(),
    memberName: z.string(),
    day: z.string(),
    startedAt: z.string().nullable(),
    endedAt: z.string().nullable(),
    /** Null while its timer runs. */
    minutes: z.number().int().nullable(),
    note: z.string(),
    billable: z.boolean(),
    /** Whether the caller may change or delete it (its author, or `time.manage`). */
    mayEdit: z.boolean(),
  })
  .meta({ id: "TimeEntry" });
export type TimeEntry = z.infer<typeof TimeEntry>;

/** An order's time: its entries (newest first) and what they add up to, per member too. */
export const OrderTime = z
  .object({
    entries: z.array(TimeEntry),
    totals: z.object({ minutes: z.number().int(), billableMinutes: z.number().int() }),
    byMember: z.array(z.object({ memberId: z.string(), memberName: z.string(), minutes: z.number().int() })),
    /** Per work period of a plan's order (1 for the purchase, one more per renewal). */
    byPeriod: z.array(z.object({ period: z.number().int(), start: z.string(), minutes: z.number().int() })),
    /** What the plan expects a period's work to take, in minutes (null: not said, or custom work). */
    expectedMinutes: z.number().int().nullable(),
  })
  .meta({ id: "OrderTime" });
export type OrderTime = z.infer<typeof OrderTime>;

/** GET /order/{id}/hours: what the client of a plan that shows hours sees of the time spent. */
export const ClientOrderHours = z
  .object({
    minutes: z.number().int(),
    expectedMinutes: z.number().int().nullable(),
    byPeriod: z.array(z.object({ period: z.number().int(), start: z.string(), minutes: z.number().int() })),
  })
  .meta({ id: "ClientOrderHours" });
export type ClientOrderHours = z.infer<typeof ClientOrderHours>;

/** POST /admin/orders/{id}/time: an entry written by hand. */
export const TimeEntryBody = z.object({
  day,
  minutes,
  note: note.default(""),
  billable: z.boolean().default(true),
});
export type TimeEntryBody = z.input<typeof TimeEntryBody>;

/** PATCH /admin/time/{id}: what changes of an entry. */
export const TimeEntryPatch = z.object({
  day: day.optional(),
  minutes: minutes.optional(),
  note: note.optional(),
  billable: z.boolean().optional(),
});
export type TimeEntryPatch = z.input<typeof TimeEntryPatch>;

/** POST /admin/orders/{id}/time/start. */
export const StartTimerBody = z.object({ note: note.default(""), billable: z.boolean().default(true) });

/** The caller's running timer, if any (the header shows it on every page of the dashboard). */
export const RunningTimer = z.object({ entry: TimeEntry.nullable() }).meta({ id: "RunningTimer" });
export type RunningTimer = z.infer<typeof RunningTimer>;

/** GET /admin/time/week: each member's minutes in the week of `day` (Monday to Sunday, UTC). */
export const TimeWeekQuery = z.object({ day: day.optional() });
export const TimeWeek = z
  .object({
    weekStart: z.string(),
    members: z.array(
      z.object({
        memberId: z.string(),
        memberName: z.string(),
        minutes: z.number().int(),
        billableMinutes: z.number().int(),
      }),
    ),
  })
  .meta({ id: "TimeWeek" });
export type TimeWeek = z.infer<typeof TimeWeek>;

/** GET /admin/time.csv: the entries of the days from `from` to `to`. */
export const TimeExportQuery = z.object({ from: day.optional(), to: day.optional() });
export type TimeExportQuery = z.infer<typeof TimeExportQuery>;

/** "1 h 05 min", "45 min": how the dashboard writes a duration. */
export function formatMinutes(total: number): string {
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${String(rest).padStart(2, "0")} min`;
}

/** A member's week when none is set: 40 hours. */
export const defaultWeeklyHours = 40;

/** One member's load: their open orders, the hours due this week, what they logged, their capacity. */
export const WorkloadMember = z.object({
  memberId: z.string(),
  name: z.string(),
  openOrders: z.number().int(),
  overdueOrders: z.number().int(),
  /** The expected minutes of their open orders due this week (a plan's expected hours each). */
  dueMinutes: z.number().int(),
  loggedMinutes: z.number().int(),
  capacityMinutes: z.number().int(),
  /** More is due this week than their capacity. */
  overloaded: z.boolean(),
  /** What an hour of their billable time is invoiced at (null: not set); only for `money.view`. */
  hourlyRate: z.number().nullable().optional(),
});
export type WorkloadMember = z.infer<typeof WorkloadMember>;

export const Workload = z
  .object({ weekStart: z.string(), currency: z.string(), members: z.array(WorkloadMember) })
  .meta({ id: "Workload" });
export type Workload = z.infer<typeof Workload>;

/** PUT /admin/workload/{id}/capacity: the hours the member works in a week. */
export const CapacityBody = z.object({
  hours: z
    .number({ error: (issue) => (issue.input === undefined ? "is required" : "must be a number") })
    .min(0, "must not be negative")
    .max(168, "must be at most 168 hours")
    .refine((hours) => Number.isInteger(hours * 4), "must be in quarters of an hour (0.25)"),
});

/** PUT /admin/workload/{id}/rate: what an hour of the member's billable time is invoiced at. */
export const HourlyRateBody = z.object({
  rate: z
    .number({ error: (issue) => (issue.input === undefined ? "is required" : "must be a number") })
    .min(0, "must not be negative")
    .max(100_000, "must be at most 100,000")
    .nullable(),
});

/** A company's billable time not billed yet, with what it comes to at each member's rate. */
export const UnbilledTime = z
  .object({
    currency: z.string(),
    entries: z.array(
      z.object({
        _id: z.string(),
        orderId: z.string(),
        orderNumber: z.number().int(),
        memberId: z.string(),
        memberName: z.string(),
        day: z.string(),
        minutes: z.number().int(),
        note: z.string(),
        /** The member's hourly rate (null: none set, which must be set before billing). */
        rate: z.number().nullable(),
        amount: z.number().nullable(),
      }),
    ),
  })
  .meta({ id: "UnbilledTime" });
export type UnbilledTime = z.infer<typeof UnbilledTime>;

/** POST /admin/time/invoice: these entries of the company to a draft invoice. */
export const InvoiceTimeBody = z.object({
  companyId: z.string().trim().max(100),
  entryIds: z.array(z.string().max(100)).min(1, "choose at least one entry").max(500),
  /** One line per entry, or one per member. */
  grouping: z.enum(["entry", "member"]),
});
export type InvoiceTimeBody = z.infer<typeof InvoiceTimeBody>;
export const InvoicedTime = z.object({ invoiceId: z.string() });
