import { builtInRoles, isBuiltInRole, type Permission, permissions } from "@agency/contract";
import type { FastifyRequest } from "fastify";
import { AppError } from "../errors.js";
import { requireMember } from "./session.js";
import type { SessionUser } from "./session-user.js";

/**
 * What a team member may do (docs/decisions/023). A built-in role's permissions are in the code;
 * a custom role's are copied onto its members' accounts whenever the role is given or edited, so
 * the session (looked up once and cached, see session-cache.ts) carries everything the check needs:
 * checking a permission never asks the database.
 */
const none: ReadonlySet<Permission> = new Set();
const builtInSets = new Map(
  Object.entries(builtInRoles).map(([key, role]) => [key, new Set<Permission>(role.permissions)]),
);
const known = new Set<string>(permissions);
/** Custom roles' permission lists, parsed once per distinct list. */
const parsed = new Map<string, ReadonlySet<Permission>>();

export function permissionsOf(
  user: Pick<SessionUser, "role" | "permissions" | "apiKey">,
): ReadonlySet<Permission> {
  if (!user.role) return none;
  // An API key's caller carries its list always: its role's permissions that its maker holds now.
  const builtIn = user.apiKey ? undefined : builtInSets.get(user.role);
  if (builtIn) return builtIn;
  const list = user.permissions ?? "";
  let set = parsed.get(list);
  if (!set) {
    set = new Set(list.split(",").filter((name): name is Permission => known.has(name)));
    if (parsed.size > 1000) parsed.clear();
    parsed.set(list, set);
  }
  return set;
}

export function isOwner(user: Pick<SessionUser, "role">): boolean {
  return user.role === "owner";
}

export function can(
  user: Pick<SessionUser, "role" | "permissions" | "apiKey">,
  permission: Permission,
): boolean {
  return permissionsOf(user).has(permission);
}

/** Whether the caller holds every one of `list` (nobody grants what they do not hold). */
export function holdsAll(
  user: Pick<SessionUser, "role" | "permissions" | "apiKey">,
  list: Iterable<Permission>,
): boolean {
  const held = permissionsOf(user);
  for (const permission of list) if (!held.has(permission)) return false;
  return true;
}

/** The comma-separated list kept on a custom role's members (null for a built-in role). */
export function storedPermissions(role: string, list: readonly Permission[]): string | null {
  return isBuiltInRole(role) ? null : list.join(",");
}

/** The signed-in team member, if their role has `permission` (any member when `permission` is null). */
export async function requirePermission(
  request: FastifyRequest,
  permission: Permission | null,
): Promise<SessionUser> {
  const user = await requireMember(request);
  if (permission && !can(user, permission)) {
    throw new AppError("forbidden", "Your role does not allow this.");
  }
  return user;
}
