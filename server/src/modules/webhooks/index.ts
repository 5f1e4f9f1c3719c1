export { systemResolver } from "./addresses.js";
export { announce, objectKey } from "./announce.js";
export { createDeliveryWorker } from "./delivery-worker.js";
export { webhookMailHandlers } from "./disabled-mail.js";
export { fanOut } from "./queries/deliveries.js";
export { pruneDeliveredWebhooks } from "./queries/retention.js";
export { webhookRoutes } from "./routes.js";
