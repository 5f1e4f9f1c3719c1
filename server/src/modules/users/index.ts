export { adminUserFilter } from "./admin.js";
export { userAdminRoutes } from "./admin-routes.js";
export { userRoutes } from "./routes.js";
