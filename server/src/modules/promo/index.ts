export { addUsesIn, addUsesOnCodeRows, usableCode, usesOf } from "./queries.js";
export { promoRoutes } from "./routes.js";
export { enteredCode, releasePromo } from "./service.js";
