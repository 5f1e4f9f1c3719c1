export { timeRoutes } from "./routes.js";
