export { adminOrderFilter } from "./admin.js";
export { orderAdminRoutes } from "./admin-routes.js";
export { cancelOrder } from "./cancel.js";
export { actorOf, moveOrder, submitPaidOrder } from "./history.js";
export { ordersWithSubscriptions } from "./present.js";
export { orderRoutes } from "./routes.js";
