/**
 * Every text the web app shows that a test may look for. Strings quoted in SPEC.md are kept
 * verbatim (including their spelling); the rest are our own wording.
 */

export * from "./account";
export * from "./account-data";
export * from "./api-keys";
export * from "./audit";
export * from "./board";
export * from "./catalog";
export * from "./content";
export * from "./integrations";
export * from "./mail";
export * from "./overview";
export * from "./public";
export * from "./refunds";
export * from "./sales";
export * from "./shop";
export * from "./team";
export * from "./two-factor";
export * from "./workflow";
