export { messageRoutes } from "./routes.js";
export { unreadMessagesOf } from "./service.js";
