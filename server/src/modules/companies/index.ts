// Client companies: the customer an order belongs to, and its people with their client roles
// (docs/decisions/028). The visibility rule (auth/order-access.ts) lets each person see the
// company's orders within their role.
export { forgetCompanyPerson } from "./account-erased.js";
export { companyAdminRoutes } from "./admin-routes.js";
export { documentBuyer, documentBuyerOfOrder } from "./documents.js";
export { companyNamesAsOf } from "./names.js";
export { companyById, pruneClosedCompanyInvitations } from "./queries.js";
export { companyRoutes } from "./routes.js";
export { addPersonToCompany, companyForOrder } from "./service.js";
export {
  companyView,
  joinedPersonView,
  removedPersonView,
  withCompaniesOfOrders,
} from "./webhook-view.js";
