export { forgetLeadSender } from "./account-erased.js";
export { leadView } from "./admin.js";
export { leadAdminRoutes } from "./admin-routes.js";
export { leadForms, tooManyLeadForms } from "./forms.js";
export { leadRoutes } from "./routes.js";
export { removeNewsletterSignUp, signUpForNewsletter } from "./service.js";
