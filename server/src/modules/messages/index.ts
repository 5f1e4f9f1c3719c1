export { forgetMessageAuthor } from "./account-erased.js";
export { messageRoutes } from "./routes.js";
export { messageView, unreadOfOrders } from "./service.js";
