export { boardRoutes } from "./routes.js";
