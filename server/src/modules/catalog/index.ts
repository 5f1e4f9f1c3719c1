export { type AddonRow, checkoutSums, chosenAddons } from "./addons.js";
export { catalogAdminRoutes } from "./admin-routes.js";
export { cachedRead, catalogChanged, catalogGeneration, startCatalogSync } from "./cache.js";
export { catalogRoutes } from "./routes.js";
export { findOfferedPlanRow, findPlanRow, listPlans, listServices } from "./service.js";
