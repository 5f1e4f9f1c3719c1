export { promoRoutes } from "./routes.js";
export { addUsesIn, enteredCode, releasePromo, usableCode, usesOf } from "./service.js";
