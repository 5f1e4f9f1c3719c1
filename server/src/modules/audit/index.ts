export {
  type AuditActor,
  type AuditRecord,
  accountHolder,
  auditActorOf,
  changedFields,
  recordAudit,
  type TeamActor,
  teamActorOf,
} from "./record.js";
export { auditAdminRoutes } from "./routes.js";
export { describeVerification, verifyAuditChain } from "./verify.js";
