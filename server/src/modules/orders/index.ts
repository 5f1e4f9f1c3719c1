export { forgetOrderCustomer } from "./account-erased.js";
export { adminOrderFilter } from "./admin.js";
export { orderAdminRoutes } from "./admin-routes.js";
export { assigneesAmong, assignOrder, checkOrderDue, setOrderDue } from "./assignment.js";
export { keepPaymentIntent, markOrderEnded, markOrderPaid } from "./billing-marks.js";
export { cancelOrder } from "./cancel.js";
export {
  checkUnpaidOrders,
  discardUnpaidOrder,
  lockOrders,
  paymentStateOfOrder,
  placeCustomOrder,
  type UnpaidOrdersChecked,
} from "./custom.js";
export { addCompanyFollowers } from "./followers.js";
export { actorOf, moveOrder } from "./history.js";
export { readOrderLines, withOrderLines } from "./lines.js";
export {
  confirmPeriodBrief,
  currentPeriodRow,
  openWaitingPeriod,
  periodsOfOrder,
  renewOrderPeriod,
  submitPaidOrder,
} from "./periods.js";
export { ordersByIds, ordersForTeam, ordersWithSubscriptions, seenWith } from "./present.js";
export { foldOrderDayCounts } from "./queries/day-counts.js";
export { activeMembersAsOf, assigneeNamesAsOf } from "./queries/members.js";
export { refundOrder } from "./refund.js";
export { orderRoutes } from "./routes.js";
