export { overviewAdminRoutes } from "./admin-routes.js";
