export { reviewRoutes } from "./routes.js";
export { listReviews } from "./service.js";
