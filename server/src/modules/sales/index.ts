export { forgetSalesCustomer } from "./account-erased.js";
export { salesCustomerRoutes } from "./customer-routes.js";
export { orderOfRecordedPayment } from "./document-orders.js";
export { salesMailHandlers } from "./mails.js";
export { salesOrderPaid, salesPaymentRecorded } from "./paid.js";
export type { Letterhead } from "./pdf.js";
export { salesPdfRoutes } from "./pdf-routes.js";
export { salesAdminRoutes } from "./routes.js";
export { salesDocumentView } from "./webhook-view.js";
