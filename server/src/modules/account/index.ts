export { accountRoutes } from "./routes.js";
