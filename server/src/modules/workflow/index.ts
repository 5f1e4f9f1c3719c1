export { workflowAdminRoutes } from "./admin-routes.js";
export { workflowRoutes } from "./routes.js";
