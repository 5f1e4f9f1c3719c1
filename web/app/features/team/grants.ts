import type { Permission, TeamRole } from "@agency/contract";

/**
 * Who is looking at the team pages, and what the server lets them give (DESIGN "Beyond the spec"
 * 20): roles within their own permissions, Admin only by the owner, never their own role. The
 * pages offer only that; the server refuses the rest regardless.
 */
export type Viewer = { id: string; role: string | null; permissions: readonly Permission[] };

function holdsAll(viewer: Viewer, list: readonly Permission[]): boolean {
  return list.every((permission) => viewer.permissions.includes(permission));
}

/** A role the viewer may give a member or offer in an invitation. */
export function mayGive(viewer: Viewer, role: Pick<TeamRole, "key" | "permissions">): boolean {
  if (role.key === "owner") return false;
  if (role.key === "admin" && viewer.role !== "owner") return false;
  return holdsAll(viewer, role.permissions);
}

/** A member whose role the viewer may change, and whom they may suspend or remove. */
export function mayTouch(
  viewer: Viewer,
  member: { id: string; role: string },
  roles: readonly Pick<TeamRole, "key" | "permissions">[],
): boolean {
  if (member.id === viewer.id || member.role === "owner") return false;
  if (member.role === "admin") return viewer.role === "owner";
  const role = roles.find((each) => each.key === member.role);
  return !role || holdsAll(viewer, role.permissions);
}

/** A custom role the viewer may edit: not the one they hold, and none with more than theirs. */
export function mayEdit(viewer: Viewer, role: Pick<TeamRole, "key" | "permissions">): boolean {
  return role.key !== viewer.role && holdsAll(viewer, role.permissions);
}
