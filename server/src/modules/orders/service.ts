import {
  addonMessages,
  type CreateOrderBody,
  type CreateOrderResponse,
  catalogMessages,
  type DeleteResult,
  orderMessages as messages,
  type Order,
  promoMessages,
  toMajor,
} from "@agency/contract";
import { findOwnOrder, visibleOrdersOf } from "../../auth/order-access.js";
import { can } from "../../auth/permissions.js";
import { isTeamMember, type SessionUser } from "../../auth/session.js";
import { aheadMs, type Clock, systemClock } from "../../clock.js";
import type { Database } from "../../db/client.js";
import { AppError } from "../../errors.js";
import type { PaymentProvider } from "../../payment-providers/provider.js";
import { auditActorOf, recordAudit } from "../audit/index.js";
import { chosenAddons, findPlanRow, shopMoney } from "../catalog/index.js";
import { enteredCode, releasePromo } from "../promo/index.js";
import { ensureCallerCompany } from "./company.js";
import { placeOrder } from "./placement.js";
import { ordersWithSubscriptions, seenBy } from "./present.js";
import {
  deleteUnpaidOrderRow,
  ordersOfCustomerNewestFirst,
  ordersWithEmailNewestFirst,
} from "./queries/orders.js";

/**
 * SPEC §4 checkout. The customer is the caller; the service, duration and prices come from the
 * plan and add-ons in the database (the add-on ids the client sends only choose among the plan's),
 * and a promo code's discount is worked out there too. One order per customer and plan they hold
 * (unpaid, or its subscription not ended): a second one is refused with the spec's message; once
 * the subscription has ended, the plan can be bought again. Unknown plans and add-ons are answered
 * from the catalog cache first.
 */
export async function createOrder(
  db: Database,
  caller: SessionUser,
  body: CreateOrderBody,
  clock: Clock = systemClock,
): Promise<CreateOrderResponse> {
  const plan = await findPlanRow(db, body.serviceId);
  if (plan.archivedAt) throw new AppError("conflict", catalogMessages.planArchived);
  const [addons, { currency }] = await Promise.all([
    chosenAddons(db, plan.id, body.addonIds),
    shopMoney(db),
    ensureCallerCompany(db, caller),
  ]);
  const placement = await placeOrder(db, {
    userId: caller.id,
    email: caller.email,
    name: caller.name,
    planId: plan.id,
    phone: body.phone,
    addonIds: addons.map((addon) => addon.id),
    promoCode: body.promoCode === undefined ? null : enteredCode(body.promoCode),
    now: clock.now(),
    aheadMs: aheadMs(clock),
    currency,
  });
  if ("id" in placement) return { success: true, insertedId: placement.id };
  switch (placement.refused) {
    case "code":
      throw new AppError("unprocessable", promoMessages.invalid);
    case "plan":
      throw new AppError("conflict", catalogMessages.planArchived);
    case "addons":
      throw new AppError("bad_request", `addonIds ${addonMessages.unknown}`, {
        addonIds: addonMessages.unknown,
      });
    default:
      return { success: false, message: messages.alreadyPurchased };
  }
}

/**
 * SPEC §7 GET /order?email=: a customer's own orders (their company's, see `clientOrdersOf`); an admin
 * may name any customer.
 */
export async function listOrders(
  db: Database,
  caller: SessionUser,
  email: string | undefined,
): Promise<Order[]> {
  const wanted = email?.trim().toLowerCase();
  const own = !wanted || wanted === caller.email.toLowerCase();
  if (!own && !(isTeamMember(caller) && can(caller, "customers.view"))) {
    throw new AppError("forbidden", "You can only see your own orders.");
  }
  const rows = own
    ? await ordersOfCustomerNewestFirst(db, caller)
    : await ordersWithEmailNewestFirst(db, wanted ?? "", visibleOrdersOf(caller));
  return seenBy(caller, await ordersWithSubscriptions(db, rows, { lines: true }), rows);
}

/**
 * SPEC §6: customers delete their own unpaid orders; a paid order stays for the records. So does
 * one whose payment the provider reports as succeeded or still processing (its webhook may not
 * have arrived yet): deleting it would lose a payment that was taken.
 */
export async function deleteOrder(
  db: Database,
  provider: PaymentProvider,
  caller: SessionUser,
  id: string,
): Promise<DeleteResult> {
  const row = await findOwnOrder(db, caller, id);
  if (row.paid) throw new AppError("conflict", messages.paidCannotBeDeleted);
  if (row.paymentIntentId) {
    const intent = await provider.retrieveIntent(row.paymentIntentId);
    if (intent && (intent.status === "succeeded" || intent.status === "processing")) {
      throw new AppError("conflict", messages.paymentUnderway);
    }
  }
  const deleted = await db.transaction(async (tx) => {
    const gone = await deleteUnpaidOrderRow(tx, row.id);
    // The code's use goes back with the order that was never paid.
    for (const order of gone) {
      await releasePromo(tx, order.promoCodeId);
      await recordAudit(tx, {
        actor: auditActorOf(caller),
        action: "order.deleted",
        subject: { type: "order", id: order.id, label: `#${order.number}` },
        before: {
          paid: order.paid,
          service: order.service,
          duration: order.serviceDuration,
          price: toMajor(order.priceCents, order.currency),
          currency: order.currency,
          promoCode: order.promoCode,
        },
      });
    }
    return gone;
  });
  if (deleted.length === 0) throw new AppError("conflict", messages.paidCannotBeDeleted);
  return { deletedCount: deleted.length };
}
