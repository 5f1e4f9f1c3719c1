export { promoRoutes } from "./routes.js";
export { claimPromo, releasePromo } from "./service.js";
