/**
 * Every text the web app shows that a test may look for. Strings quoted in SPEC.md are kept
 * verbatim (including their spelling); the rest are our own wording.
 */

export * from "./account";
export * from "./account-data";
export * from "./api-keys";
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
export * from "./workflow";
// Two-factor sign-in's texts are imported from "./two-factor" by the few pages that show them,
// so they stay out of the chunk every public page loads.
