export { discountCents, renewalChargeCents } from "./charges.js";
export { registerPaymentProvider } from "./payments/provider-setup.js";
export { recordRefund, refundLatestPayment, stopSubscriptionAtProvider } from "./payments/refunds.js";
export { paymentRoutes } from "./payments/routes.js";
export { paymentView } from "./payments/service.js";
export { type ReceiptSettings, receiptSettings } from "./receipts/issue.js";
export { receiptRoutes } from "./receipts/routes.js";
export { priceChangeHandlers } from "./subscriptions/price-change-mails.js";
export { runRenewal } from "./subscriptions/renewals.js";
export { subscriptionRoutes } from "./subscriptions/routes.js";
export {
  endSubscription,
  recentCancellations,
  subscriptionSummary,
  subscriptionsOfOrders,
} from "./subscriptions/service.js";
