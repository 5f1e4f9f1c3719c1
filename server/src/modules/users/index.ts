export { adminUserFilter } from "./admin.js";
export { runAdminCommand } from "./admin-command.js";
export { userAdminRoutes } from "./admin-routes.js";
export { applyConfiguredAdmin, setAdminRole } from "./roles.js";
export { userRoutes } from "./routes.js";
