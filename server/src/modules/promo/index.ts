export { promoRoutes } from "./routes.js";
export { claimPromo, discountCents, releasePromo, renewalChargeCents } from "./service.js";
