export { checkoutSums, chosenAddons } from "./addons.js";
export { catalogAdminRoutes } from "./admin-routes.js";
export { cachedRead, cachedReadIn, catalogChanged, catalogGeneration, startCatalogSync } from "./cache.js";
export { currencyKey, minorUnitsOf, shopCurrencySql, shopMoney, shopMoneyOf } from "./currency.js";
export { markPlanOwnBriefQuestions } from "./queries/plans.js";
export { catalogRoutes } from "./routes.js";
export { findOfferedPlanRow, findPlanRow, listPlans, listServices } from "./service.js";
