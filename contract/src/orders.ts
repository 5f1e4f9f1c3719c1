import { z } from "zod";
import { AddonIds } from "./catalog.js";
import {
  Dollars,
  FilterId,
  listSearch,
  MatchCount,
  PageCursors,
  pageQuery,
  rangeInOrder,
  rangeOutOfOrder,
} from "./common.js";
import { Phone } from "./phone.js";
import { OrderPayment } from "./refunds.js";
import { Subscription } from "./subscriptions.js";
import { Brief, OrderHistoryEntry, OrderState, Refund } from "./workflow.js";

/**
 * A paid order's work period: 1 is the purchase, and each renewal of a monthly or yearly plan
 * opens the next. `startedAt` is the first day paid for.
 */
export const OrderPeriod = z
  .object({ number: z.number().int().positive(), startedAt: z.string() })
  .meta({ id: "OrderPeriod" });
export type OrderPeriod = z.infer<typeof OrderPeriod>;

/** The team member an order is assigned to, as the team's screens name them. */
export const OrderAssignee = z.object({ id: z.string(), name: z.string() }).meta({ id: "OrderAssignee" });
export type OrderAssignee = z.infer<typeof OrderAssignee>;

export const OrderLineKind = z.enum(["plan", "addon", "custom"]);
export type OrderLineKind = z.infer<typeof OrderLineKind>;

/**
 * One line of an order: the plan, an add-on, or custom work. `amount` is quantity x unit price
 * before any discount; the lines add up to the order's subtotal, from which a promo code's
 * discount is taken. `recurring` lines are charged again with every renewal.
 */
export const OrderLine = z
  .object({
    kind: OrderLineKind,
    description: z.string(),
    quantity: z.number().int().positive(),
    /** Left out for a member of the team whose role does not see money. */
    unitPrice: Dollars.optional(),
    amount: Dollars.optional(),
    recurring: z.boolean(),
  })
  .meta({ id: "OrderLine" });
export type OrderLine = z.infer<typeof OrderLine>;

/**
 * SPEC §3 Order. Prices are in major units of the order's `currency` here; the server stores and
 * computes in minor units.
 */
export const Order = z
  .object({
    _id: z.string(),
    /** The short number a customer quotes; shown with `formatOrderNumber`. */
    number: z.number().int(),
    /** The customer's e-mail; left out for a member of the team whose role does not see customers. */
    email: z.string().optional(),
    name: z.string(),
    service: z.string(),
    /** The plan bought; null for custom work (a paid quote or invoice). */
    serviceId: z.string().nullable(),
    serviceDuration: z.string(),
    /**
     * What the customer pays: the lines' sum less the discount. Like every amount, the payment's
     * transaction id and the card, left out for a member of the team whose role does not see money.
     */
    currentPrice: Dollars.optional(),
    /**
     * What was ordered, line by line (the plan, then its add-ons); their sum is the subtotal. Left
     * out of lists of many orders (All Orders).
     */
    lines: z.array(OrderLine).optional(),
    /** A promo code's discount on the whole order, already taken off currentPrice (absent or 0 without a code). */
    discount: Dollars.optional(),
    /** The currency the order was priced in (lower case ISO 4217); its payments keep it. */
    currency: z.string(),
    promoCode: z.string().nullable().optional(),
    currentDate: z.string(),
    /** Left out like `email`. */
    phone: z.string().optional(),
    paid: z.boolean(),
    transactionId: z.string().nullable().optional(),
    paymentTime: z.string().nullable(),
    /** Once paid: the plan's subscription (renewals, cancellation). */
    subscription: Subscription.nullable(),
    /** Where the paid order is in the agency's work; null while unpaid. */
    state: OrderState.nullable(),
    /** The work period being worked on; null while unpaid. */
    period: OrderPeriod.nullable(),
    /** The team's calls only: who does the work (null: nobody yet). */
    assignee: OrderAssignee.nullable().optional(),
    /** The team's calls only: when the work of the current period is due (null: no date yet). */
    dueAt: z.string().nullable().optional(),
  })
  .meta({ id: "Order" });
export type Order = z.infer<typeof Order>;

/** How an order number is written everywhere it is shown: "#1001". */
export function formatOrderNumber(number: number): string {
  return `#${number}`;
}

/** What the server answers when an order or its payment is refused (the first is the spec's). */
export const orderMessages = {
  alreadyPurchased: "You have already purchased this service.",
  paidCannotBeDeleted: "A paid order cannot be deleted.",
  alreadyPaid: "This order is already paid.",
  paymentUnderway: "A payment for this order is being processed, so it cannot be deleted.",
} as const;

/**
 * SPEC §7 POST /order. Only the plan, the add-ons ticked, a promo code and the phone number are taken from the client; the customer
 * comes from the session and the service, duration and price from the plan in the database, so the
 * other fields of the spec's body are accepted and ignored.
 */
export const CreateOrderBody = z.object({
  serviceId: z.string().max(200),
  phone: Phone,
  name: z.string().max(200).optional(),
  email: z.string().max(320).optional(),
  currentDate: z.string().max(100).optional(),
  service: z.string().max(200).optional(),
  serviceDuration: z.string().max(50).optional(),
  currentPrice: z.union([z.number(), z.string()]).optional(),
  /** A promo code from the checkout's promo box; the server works out what it takes off. */
  promoCode: z.string().trim().max(100).optional(),
  /** The plan's add-ons the customer ticked; their prices come from the catalog. */
  addonIds: AddonIds.optional(),
});
export type CreateOrderBody = z.infer<typeof CreateOrderBody>;

export const CreateOrderResponse = z.object({
  success: z.boolean(),
  insertedId: z.string().optional(),
  message: z.string().optional(),
});
export type CreateOrderResponse = z.infer<typeof CreateOrderResponse>;

export const OrdersQuery = z.object({ email: z.string().max(320).optional() });
export const OrderList = z.array(Order);

export const DeleteResult = z.object({ deletedCount: z.number().int().nonnegative() });
export type DeleteResult = z.infer<typeof DeleteResult>;

/**
 * One order with its work: state changes (oldest first), brief, payments and refunds. Its customer
 * and admins see the same (GET /order/{id}, GET /admin/orders/{id}); the thread is read separately.
 */
export const OrderDetail = Order.extend({
  history: z.array(OrderHistoryEntry),
  /** Null while the order is unpaid. */
  brief: Brief.nullable(),
  /**
   * Every payment of the order (not its refunds), newest first, with what is left to refund. Left
   * out, like the refunds, for a member of the team whose role does not see money.
   */
  payments: z.array(OrderPayment).optional(),
  /** Every refund, oldest first. */
  refunds: z.array(Refund).optional(),
  /** Every work period opened so far, oldest first (the history and messages name theirs). */
  periods: z.array(OrderPeriod),
}).meta({ id: "OrderDetail" });
export type OrderDetail = z.infer<typeof OrderDetail>;

/** All Orders' state filter: a workflow state, or the unpaid orders. */
export const OrderStateFilter = z.enum([
  "submitted",
  "in_progress",
  "delivered",
  "complete",
  "cancelled",
  "unpaid",
]);
export type OrderStateFilter = z.infer<typeof OrderStateFilter>;

/** All Orders' assignee filter: a member's id, "none" (unassigned) or "me" (the caller's). */
export const AssigneeFilter = z.union([z.enum(["none", "me"]), z.string().regex(/^[A-Za-z0-9_-]{1,100}$/)], {
  error: 'must be a member\'s id, "none" or "me"',
});
export type AssigneeFilter = z.infer<typeof AssigneeFilter>;

const orderFilters = {
  state: OrderStateFilter.optional(),
  assignee: AssigneeFilter.optional(),
  search: z.string().trim().max(200, "must be at most 200 characters").optional(),
  paid: z.enum(["true", "false"], { message: "must be true or false" }).optional(),
  plan: FilterId.optional(),
  /** One client company's orders (its id). */
  companyId: FilterId.optional(),
  ...listSearch,
};

/**
 * Admin: every order, a page at a time, with counts over all orders (SPEC §2 all orders).
 * `state` narrows the list, and so do `paid` ("true" or "false"), `plan` (a plan id), `assignee`
 * (a member's id, "none" or "me"), `companyId` (a client company's) and the days `from`/`to`; `q` (or `search`, its older name) finds the start of a customer's e-mail,
 * of their name or a word in it, or an order number ("1001" or "#1001"). The counts stay those
 * of every order; `matches` counts the narrowed list.
 */
export const AdminOrdersQuery = pageQuery({ size: 20, maxSize: 100 }, orderFilters).refine(
  rangeInOrder,
  rangeOutOfOrder,
);
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuery>;

/** Admin: the orders All Orders shows with the same filters, every one of them, as a CSV file. */
export const OrdersExportQuery = z.object(orderFilters).refine(rangeInOrder, rangeOutOfOrder);
export type OrdersExportQuery = z.infer<typeof OrdersExportQuery>;

/** The client company an order belongs to, as the team's lists name it. */
export const OrderCompany = z.object({ id: z.string(), name: z.string() }).meta({ id: "OrderCompany" });
export type OrderCompany = z.infer<typeof OrderCompany>;

/** An order in All Orders: with its company (null for a team member's own order, which has none). */
export const AdminOrder = Order.extend({ company: OrderCompany.nullable() });
export type AdminOrder = z.infer<typeof AdminOrder>;

export const AdminOrderList = z.object({
  orders: z.array(AdminOrder),
  ...PageCursors,
  counts: z.object({
    total: z.number().int().nonnegative(),
    paid: z.number().int().nonnegative(),
    unpaid: z.number().int().nonnegative(),
  }),
  /** Only when searched or filtered: how many orders match (counted up to 1,000). */
  matches: MatchCount.optional(),
});
export type AdminOrderList = z.infer<typeof AdminOrderList>;

// ─── Assignment and due dates (the team) ───────────────────────────────────────────────────────

export const assignmentMessages = {
  notAssignable: "Only an active team member whose role works on orders can be assigned.",
  dueAt: "must be a date and time (ISO 8601), or null",
} as const;

/** PUT /admin/orders/{id}/assignee: the member who does the work, or null to unassign. */
export const AssignOrderBody = z.object({
  assigneeId: z.string().trim().min(1).max(100).nullable(),
});
export type AssignOrderBody = z.infer<typeof AssignOrderBody>;

const earliestDue = Date.UTC(2000, 0, 1);
const latestDue = Date.UTC(2100, 0, 1);

/**
 * When the work is due: an instant (`2026-12-01T17:00:00Z`, `2026-12-01T17:00:00+02:00`) or a day
 * (`2026-12-01`, the end of that day in UTC).
 */
export const DueAt = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], { error: assignmentMessages.dueAt })
  .transform((value) => new Date(value.length === 10 ? `${value}T23:59:59.999Z` : value))
  .refine((date) => date.getTime() >= earliestDue && date.getTime() < latestDue, {
    message: "must be between the years 2000 and 2099",
  });

/** PUT /admin/orders/{id}/due: the new due date, or null for none. */
export const OrderDueBody = z.object({ dueAt: DueAt.nullable() });
export type OrderDueBody = z.input<typeof OrderDueBody>;
