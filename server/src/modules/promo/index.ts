export { promoRoutes } from "./routes.js";
export { addUsesIn, addUsesOnCodeRows, enteredCode, releasePromo, usableCode, usesOf } from "./service.js";
