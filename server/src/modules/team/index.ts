// The agency's team: roles as sets of permissions, and who holds which (docs/decisions/023).

export { refuseUnlessOwner, refuseUntouchableMember, rolesGivableBy } from "./grants.js";
export { changeRole, type RoleActor } from "./members.js";
export { findRole, roleNames } from "./roles.js";
export { teamRoutes } from "./routes.js";
export { teamTwoFactorRoutes } from "./two-factor-routes.js";
