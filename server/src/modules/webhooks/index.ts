export { type AddressRules, type Resolver, systemResolver } from "./addresses.js";
export { type AnnouncedData, type AnnouncedType, announce, objectKey } from "./announce.js";
export type { DeliveryContext } from "./deliver.js";
export { fanOut } from "./delivery-queue.js";
export { createDeliveryWorker } from "./delivery-worker.js";
export { webhookMailHandlers } from "./disabled-mail.js";
export { webhookRoutes } from "./routes.js";
