export { catalogAdminRoutes } from "./admin-routes.js";
export { cachedRead, catalogChanged, catalogGeneration, startCatalogSync } from "./cache.js";
export { minorUnitsOf, shopCurrencySql, shopMoney } from "./currency.js";
export { shopMoneyRoutes } from "./currency-routes.js";
export { catalogRoutes } from "./routes.js";
export { findOfferedPlanRow, findPlanRow, listPlans, listServices } from "./service.js";
