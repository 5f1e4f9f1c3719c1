export { promoRoutes } from "./routes.js";
export { enteredCode, releasePromo, usableCode } from "./service.js";
