export { checkApprovalWait, invoiceOverdueEvent, ruleEvent, runRule } from "./engine.js";
export { automationRoutes } from "./routes.js";
