export { attachFiles } from "./attach.js";
export { filesAttachedTo } from "./metadata.js";
export { fileRoutes } from "./routes.js";
export { discardUnattachedFile } from "./service.js";
