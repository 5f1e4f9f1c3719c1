export { forgetPayer } from "./account-erased.js";
export { discountCents, discountCentsSql, renewalChargeCents } from "./charges.js";
export { revenueOfCompany } from "./payments/company-revenue.js";
export { openInvoiceCardPayment, paysInvoice, recordInvoiceCardPayment } from "./payments/invoice-card.js";
export { invoicePaymentRoutes } from "./payments/invoice-payment-routes.js";
export { paymentsOfOrder } from "./payments/order-payments.js";
export { registerPaymentProvider } from "./payments/provider-setup.js";
export {
  checkRefund,
  giveRefund,
  lockRefundable,
  stopSubscriptionAtProvider,
} from "./payments/refunds.js";
export { paymentRoutes } from "./payments/routes.js";
export { paymentView } from "./payments/service.js";
export { type ReceiptSettings, receiptSettings } from "./receipts/issue.js";
export { receiptRoutes } from "./receipts/routes.js";
export { subscriptionFigures } from "./subscriptions/churn.js";
export {
  cancellationsFromJson,
  pastDueFromJson,
  pastDueJson,
  recentCancellationsJson,
} from "./subscriptions/overview-lists.js";
export { priceChangeHandlers } from "./subscriptions/price-change-mails.js";
export { applyPlanPriceToRenewals } from "./subscriptions/queries/subscriptions.js";
export { runRenewal } from "./subscriptions/renewals.js";
export { subscriptionRoutes } from "./subscriptions/routes.js";
export { endSubscription, subscriptionsOfOrders } from "./subscriptions/service.js";
