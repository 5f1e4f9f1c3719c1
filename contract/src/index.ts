export * from "./blogs.js";
export * from "./catalog.js";
export * from "./common.js";
export * from "./errors.js";
export * from "./leads.js";
export * from "./site.js";
export * from "./users.js";
