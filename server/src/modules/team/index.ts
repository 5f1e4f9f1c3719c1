// The agency's team: roles as sets of permissions, and who holds which (docs/decisions/023).
export {
  changeRole,
  handOverOwnership,
  hasOwner,
  type RoleActor,
  type RoleTarget,
  setMemberRole,
} from "./members.js";
export { findRole, listRoles } from "./roles.js";
export { teamRoutes } from "./routes.js";
