export {
  exportedOrders,
  exportedPayment,
  exportedReceipt,
  exportedSalesDocuments,
  exportedSubscription,
} from "./export-records.js";
export { accountRoutes } from "./routes.js";
