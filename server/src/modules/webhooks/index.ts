export { systemResolver } from "./addresses.js";
export { announce, objectKey } from "./announce.js";
export { fanOut } from "./delivery-queue.js";
export { createDeliveryWorker } from "./delivery-worker.js";
export { webhookMailHandlers } from "./disabled-mail.js";
export { webhookRoutes } from "./routes.js";
