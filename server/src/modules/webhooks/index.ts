export { type AddressRules, type Resolver, systemResolver } from "./addresses.js";
export { type AnnouncedData, type AnnouncedType, announce, objectKey } from "./announce.js";
export { type DeliveryContext, runDelivery } from "./deliver.js";
export { webhookMailHandlers } from "./disabled-mail.js";
export { webhookRoutes } from "./routes.js";
