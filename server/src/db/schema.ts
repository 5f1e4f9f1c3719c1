// The database schema, one file per domain under schema/; drizzle-kit reads that folder, and the
// rest of the server imports the tables from here.

export * from "./schema/api-keys.js";
export * from "./schema/app-state.js";
export * from "./schema/audit.js";
export * from "./schema/auth.js";
export * from "./schema/automations.js";
export * from "./schema/billing.js";
export * from "./schema/catalog.js";
export * from "./schema/companies.js";
export * from "./schema/company-invitations.js";
export * from "./schema/content.js";
export * from "./schema/jobs.js";
export * from "./schema/leads.js";
export * from "./schema/orders.js";
export * from "./schema/promo-codes.js";
export * from "./schema/receipts.js";
export * from "./schema/sales.js";
export * from "./schema/team.js";
export * from "./schema/time.js";
export * from "./schema/webhooks.js";
export * from "./schema/workflow.js";
