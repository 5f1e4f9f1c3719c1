import {
  type AdminPaymentDetails,
  orderMessages as messages,
  type Payment,
  type PaymentIntent,
  type TestCardPaymentBody,
  toMajor,
} from "@agency/contract";
import {
  clientMayDo,
  findOwnOrder,
  findVisibleOrder,
  readsSalesDocument,
  sightOf,
} from "../../../auth/order-access.js";
import { isTeamMember, type SessionUser } from "../../../auth/session.js";
import type { Database } from "../../../db/client.js";
import { AppError } from "../../../errors.js";
import { emitDomainEvent } from "../../../events.js";
import type { PaymentProvider, ProviderIntent } from "../../../payment-providers/provider.js";
import type { StripeBilling } from "../../../payment-providers/stripe-billing.js";
import type { TestProvider } from "../../../payment-providers/test-provider.js";
import { renewalChargeCents } from "../charges.js";
import type { ReceiptSettings } from "../receipts/issue.js";
import { startSubscription } from "../subscriptions/service.js";
import { renewalBasisOf } from "../subscriptions/terms.js";
import { paysInvoice, recordInvoiceCardPayment } from "./invoice-card.js";
import { invoiceRevision } from "./invoice-queries.js";
import { addPayment } from "./ledger.js";
import {
  firstPaymentOfOrder,
  orderOfIntentLocked,
  type PaymentHistoryRow,
  paymentsOfEmailNewestFirst,
  paymentWithOrderById,
} from "./queries.js";

/** SPEC §7 POST /create-payment-intent: the amount is the order's, whatever the body says. */
export async function openPayment(
  db: Database,
  provider: PaymentProvider,
  caller: SessionUser,
  orderId: string,
  billing?: StripeBilling,
): Promise<PaymentIntent> {
  const order = await findOwnOrder(db, caller, orderId);
  if (order.paid) throw new AppError("conflict", messages.alreadyPaid);

  let intent = order.paymentIntentId ? await provider.retrieveIntent(order.paymentIntentId) : undefined;
  // The order's own amount and currency: the shop's currency may have changed since it was placed.
  const reusable =
    intent &&
    intent.status !== "canceled" &&
    intent.amountCents === order.priceCents &&
    sameCurrency(intent.currency, order.currency);
  const interval = order.serviceDuration;
  // Custom work (no plan) pays with one PaymentIntent: Stripe Billing prices belong to plans.
  const plan = order.planId;
  if ((!intent || !reusable) && billing && plan && (interval === "monthly" || interval === "yearly")) {
    // Stripe Billing: the plan's subscription, whose first invoice the card form pays (the
    // order's price) and which renews at what the order's recurring lines renew at.
    const opened = await billing.open({
      orderId: order.id,
      email: order.email,
      name: order.name,
      plan: {
        id: plan,
        name: `${order.service} (${interval})`,
        priceCents: renewalChargeCents(await renewalBasisOf(db, order), order.currency),
        currency: order.currency,
        interval,
      },
      firstInvoiceCents: order.priceCents,
      replaces: intent?.id,
    });
    await emitDomainEvent(db, "payment.opened", {
      order,
      paymentIntentId: opened.paymentIntentId,
      providerSubscriptionId: opened.subscriptionId,
    });
    intent = await provider.retrieveIntent(opened.paymentIntentId);
    if (!intent) throw new Error("Stripe has no PaymentIntent for the subscription's first invoice.");
  } else if (!intent || !reusable) {
    intent = await provider.createIntent({
      orderId: order.id,
      amountCents: order.priceCents,
      currency: order.currency,
      email: order.email,
      replaces: intent?.id,
    });
    await emitDomainEvent(db, "payment.opened", { order, paymentIntentId: intent.id });
  }
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    provider: provider.name,
    publishableKey: provider.publishableKey,
    amount: toMajor(order.priceCents, order.currency),
    currency: order.currency,
  };
}

/** Providers write codes lower case, as orders keep them; any case is the same currency. */
function sameCurrency(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/**
 * Marks an order paid from the provider's own report of a payment, exactly once, and starts the
 * plan's subscription in the same transaction. The checks make sure the payment is for this order
 * and its full amount; the order's row lock and the order's recorded transaction make a repeated
 * report of the same payment (test-card confirmation then client PATCH, webhook, retried webhook)
 * answer the same success and change nothing. Another payment for an order that is already paid is
 * refused: it is a second charge, not a report of the first.
 */
export async function recordPayment(
  db: Database,
  providerName: PaymentProvider["name"],
  intent: ProviderIntent,
  receipts: ReceiptSettings,
): Promise<{ modifiedCount: number; paid: true; transactionId: string }> {
  if (intent.status !== "succeeded") throw new AppError("unprocessable", "The payment has not succeeded.");
  return db.transaction(async (tx) => {
    // A Billing invoice's PaymentIntent carries no order metadata: the order that opened it is known.
    const order = await orderOfIntentLocked(tx, intent);
    if (!order) throw new AppError("unprocessable", "The payment is not for an order of this shop.");
    if (order.paid) {
      if (order.transactionId !== intent.id) throw new AppError("conflict", messages.alreadyPaid);
      return { modifiedCount: 0, paid: true as const, transactionId: intent.id };
    }
    if (intent.amountCents !== order.priceCents || !sameCurrency(intent.currency, order.currency)) {
      throw new AppError("unprocessable", "The payment does not match the order's amount.");
    }
    const started = await startSubscription(tx, {
      order,
      provider: providerName,
      start: intent.time,
      paymentMethodId: intent.paymentMethodId ?? null,
      providerSubscriptionId: order.providerSubscriptionId,
    });
    const payment = await addPayment(tx, receipts, {
      order,
      provider: providerName,
      intent,
      period: started
        ? { subscriptionId: started.id, start: started.currentPeriodStart, end: started.currentPeriodEnd }
        : null,
    });
    if (!payment) throw new AppError("conflict", messages.alreadyPaid);
    // The order is marked paid by the orders module, first among the event's handlers.
    await emitDomainEvent(tx, "order.paid", { order, transactionId: intent.id, paidAt: intent.time });
    return { modifiedCount: 1, paid: true as const, transactionId: intent.id };
  });
}

/**
 * A payment the provider reports, booked for what it pays: an order (`recordPayment`), or an
 * invoice that opens none. `payer` is who confirmed it, when someone did (not a webhook).
 */
export async function recordProviderPayment(
  db: Database,
  providerName: PaymentProvider["name"],
  intent: ProviderIntent,
  receipts: ReceiptSettings,
  payer?: SessionUser,
): Promise<unknown> {
  if (paysInvoice(intent)) return recordInvoiceCardPayment(db, providerName, intent, receipts, payer);
  return recordPayment(db, providerName, intent, receipts);
}

/** SPEC §7 PATCH /order/{id}: the client says it paid; the provider is asked whether that is so. */
export async function confirmPayment(
  db: Database,
  provider: PaymentProvider,
  caller: SessionUser,
  orderId: string,
  transactionId: string,
  receipts: ReceiptSettings,
) {
  const order = await findOwnOrder(db, caller, orderId);
  const intent = await provider.retrieveIntent(transactionId);
  const forOrder = intent && (intent.orderId === order.id || intent.id === order.paymentIntentId);
  if (!intent || !forOrder) {
    throw new AppError("unprocessable", "The payment provider has no such payment for this order.");
  }
  return recordPayment(db, provider.name, { ...intent, orderId: order.id }, receipts);
}

/**
 * The offline provider's card form: the card is charged against an intent of one of the caller's
 * orders, and the success is recorded at once, as Stripe's webhook would.
 */
export async function payWithTestCard(
  db: Database,
  provider: TestProvider,
  caller: SessionUser,
  body: TestCardPaymentBody,
  receipts: ReceiptSettings,
) {
  const intent = await provider.retrieveIntent(body.paymentIntentId);
  if (intent && paysInvoice(intent)) {
    // An invoice that opens no order: only a person who may pay it (the one rule) charges a card.
    const invoice = await invoiceRevision(db, intent.invoiceId);
    if (!invoice || !readsSalesDocument(caller, invoice) || !clientMayDo(caller, "pay")) {
      throw new AppError("not_found", "The payment was not found.");
    }
  } else if (intent?.orderId) {
    await findOwnOrder(db, caller, intent.orderId);
  } else {
    throw new AppError("not_found", "The payment was not found.");
  }
  const confirmed = await provider.confirm({
    userId: caller.id,
    paymentIntentId: body.paymentIntentId,
    clientSecret: body.clientSecret,
    number: body.cardNumber,
    expiry: body.expiry,
    cvc: body.cvc,
  });
  await recordProviderPayment(db, provider.name, confirmed, receipts, caller);
  return { status: "succeeded" as const, paymentIntentId: confirmed.id };
}

function toPayment(row: PaymentHistoryRow): Payment {
  return {
    _id: row.id,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    invoiceNumber: row.invoiceNumber,
    email: row.email,
    transactionId: row.transactionId,
    paymentTime: row.paymentTime.toISOString(),
    currentPrice: toMajor(row.amountCents, row.currency),
    currency: row.currency,
    service: row.service,
    serviceDuration: row.serviceDuration,
    provider: row.provider === "stripe" ? "stripe" : "test",
    periodStart: row.periodStart?.toISOString() ?? null,
    periodEnd: row.periodEnd?.toISOString() ?? null,
    // The order keeps its first payment's transaction; the others renewed it (or refunded it).
    renewal: row.orderId !== null && row.amountCents > 0 && row.transactionId !== row.orderTransactionId,
    receiptId: row.receiptId,
    receiptNumber: row.receiptNumber,
    receiptKind: row.receiptKind,
    refundReason: row.refundReason,
  };
}

/**
 * SPEC §7 GET /payment-history/{email}: one's own payments; admins may look at anyone's (a member
 * who sees only their assigned orders, at those orders' payments).
 */
export async function paymentHistory(db: Database, caller: SessionUser, email: string): Promise<Payment[]> {
  const wanted = email.trim().toLowerCase();
  const own = wanted === caller.email.toLowerCase();
  // Another customer's payments are money and contact: a member of the team needs both, and sees
  // only the payments of the orders it may see.
  const sight = sightOf(caller, null);
  if (!own && !(isTeamMember(caller) && sight.money && sight.contact)) {
    throw new AppError("forbidden", "You can only see your own payments.");
  }
  // A company's payments are for its people whose client role pays (Billing, Admin).
  if (own && !clientMayDo(caller, "pay")) return [];
  const rows = await paymentsOfEmailNewestFirst(db, wanted, caller, own);
  return rows.map(toPayment);
}

/** One payment or refund as the payment history shows it (what webhooks send). */
export async function paymentView(db: Database, id: string): Promise<Payment[]> {
  const rows = await paymentWithOrderById(db, id);
  return rows.map(toPayment);
}

/** The payment that paid for the order (its renewals are in the payment history). */
async function findPaymentForOrder(db: Database, orderId: string): Promise<Payment | null> {
  const row = await firstPaymentOfOrder(db, orderId);
  return row ? toPayment(row) : null;
}

/** SPEC §2 /dashboard/admin/payment/{_id}: the order and, once paid, its payment. */
export async function paymentDetails(
  db: Database,
  admin: SessionUser,
  orderId: string,
): Promise<AdminPaymentDetails> {
  const order = await findVisibleOrder(db, admin, orderId);
  const payment = await findPaymentForOrder(db, order.id);
  const { contact } = sightOf(admin, order);
  return {
    order: {
      _id: order.id,
      number: order.number,
      name: order.name,
      ...(contact ? { email: order.email, phone: order.phone } : {}),
      service: order.service,
      serviceDuration: order.serviceDuration,
      currentPrice: toMajor(order.priceCents, order.currency),
      currency: order.currency,
      currentDate: order.createdAt.toISOString(),
      paid: order.paid,
    },
    payment,
  };
}
