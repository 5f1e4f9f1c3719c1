export { mailRoutes } from "./routes.js";
