export { discountCents, discountCentsSql, renewalChargeCents } from "./charges.js";
export { paymentsOfOrder } from "./payments/order-payments.js";
export { registerPaymentProvider } from "./payments/provider-setup.js";
export {
  checkRefund,
  giveRefund,
  lockRefundable,
  type RefundDue,
  stopSubscriptionAtProvider,
} from "./payments/refunds.js";
export { paymentRoutes } from "./payments/routes.js";
export { paymentView } from "./payments/service.js";
export { type ReceiptSettings, receiptSettings } from "./receipts/issue.js";
export { receiptRoutes } from "./receipts/routes.js";
export { pastDueSubscriptions, subscriptionFigures } from "./subscriptions/churn.js";
export { priceChangeHandlers } from "./subscriptions/price-change-mails.js";
export { runRenewal } from "./subscriptions/renewals.js";
export { subscriptionRoutes } from "./subscriptions/routes.js";
export {
  endSubscription,
  recentCancellations,
  subscriptionSummary,
  subscriptionsOfOrders,
} from "./subscriptions/service.js";
