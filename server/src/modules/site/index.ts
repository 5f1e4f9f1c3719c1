export { pageData } from "./page-data.js";
export { crawlerRoutes, siteRoutes } from "./routes.js";
