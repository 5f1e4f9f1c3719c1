export { currentMailBrand, currentSiteIdentity } from "./identity.js";
export { readImage } from "./images.js";
export { imageRoutes, siteContentRoutes } from "./routes.js";
export { loadSiteContent, saveSiteIdentity } from "./service.js";
