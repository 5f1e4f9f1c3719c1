export * from "./catalog.js";
export * from "./common.js";
export * from "./errors.js";
