export { forgetSalesCustomer } from "./account-erased.js";
export { salesCustomerRoutes } from "./customer-routes.js";
export { salesMailHandlers } from "./mails.js";
export { salesOrderPaid, salesPaymentRecorded } from "./paid.js";
export { salesAdminRoutes } from "./routes.js";
export { salesDocumentView } from "./webhook-view.js";
