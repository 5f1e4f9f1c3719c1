export { forgetMessageAuthor } from "./account-erased.js";
export { unreadOfOrders } from "./queries.js";
export { messageRoutes } from "./routes.js";
export { messageMailWindowMs, messageView, postMessage } from "./service.js";
export { templateRoutes } from "./template-routes.js";
export { fillForOrder as fillTemplateFor, fillTextFor } from "./templates.js";
