export { testToolRoutes } from "./routes.js";
