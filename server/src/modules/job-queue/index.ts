export { jobAdminRoutes } from "./admin-routes.js";
