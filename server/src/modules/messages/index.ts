export { messageRoutes } from "./routes.js";
export { unreadOfOrders } from "./service.js";
