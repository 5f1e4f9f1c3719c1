export { currentMailBrand, currentSiteIdentity } from "./identity.js";
export { invoicingRoutes, invoicingSettings } from "./invoicing.js";
export { logoPng } from "./logo-png.js";
export { imageRoutes, siteContentRoutes } from "./routes.js";
export { loadSiteContent, saveSiteIdentity } from "./service.js";
export { setupRoutes } from "./setup-routes.js";
export { shopMoneyRoutes } from "./shop-money-routes.js";
