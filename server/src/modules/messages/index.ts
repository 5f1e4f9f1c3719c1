export { messageRoutes } from "./routes.js";
