// The agency's team: roles as sets of permissions, who holds which, and who runs the shop
// (docs/decisions/023).

export { runAdminCommand } from "./admin-command.js";
export { applyConfiguredAdmin, setAdminRole } from "./admin-role.js";
export { rolesGivableBy } from "./grants.js";
export { pruneClosedInvitations } from "./queries/invitations.js";
export { roleOfAddress } from "./queries/members.js";
export { findRole, roleNames } from "./role-definitions.js";
export { teamRoutes } from "./routes.js";
export { teamTwoFactorRoutes } from "./two-factor-routes.js";
