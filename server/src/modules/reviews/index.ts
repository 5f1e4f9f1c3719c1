export { forgetReviewer } from "./account-erased.js";
export { reviewRoutes } from "./routes.js";
export { listReviews } from "./service.js";
