import { z } from "zod";

/**
 * What a member of the agency's team may do. A role is a set of these; every team route names the
 * one it needs, and the server checks it (docs/decisions/023).
 */
export const permissions = [
  "orders.work",
  "orders.all",
  "orders.assign",
  "messages.send",
  "orders.refund",
  "money.view",
  "catalog.edit",
  "content.edit",
  "customers.view",
  "team.manage",
  "audit.view",
  "shop.operate",
  "integrations.manage",
  "sales.manage",
  "time.manage",
  "automations.manage",
] as const;
export type Permission = (typeof permissions)[number];

/** How the team pages describe each permission. */
export const permissionLabels: Record<Permission, string> = {
  "orders.work": "Work on orders: move them on, deliver, attach files",
  "orders.all": "See every order (without it: only the orders assigned to them)",
  "orders.assign": "Assign orders and change due dates",
  "messages.send": "Message customers",
  "orders.refund": "Refund and cancel orders",
  "money.view": "See money: revenue, payments, the Overview and exports",
  "catalog.edit": "Edit the catalog and promo codes",
  "content.edit": "Edit the site, the blog and reviews",
  "customers.view": "See customers and leads",
  "team.manage": "Manage the team and roles",
  "audit.view": "Read the audit log",
  "shop.operate": "Run the shop's jobs and renewals",
  "integrations.manage": "Manage API keys and webhooks",
  "sales.manage": "Write quotes and invoices",
  "time.manage": "Change everyone's time entries (each member changes their own)",
  "automations.manage": "Write, pause and delete the rules that assign and remind",
};

export const builtInRoleKeys = ["owner", "admin", "staff"] as const;
export type BuiltInRoleKey = (typeof builtInRoleKeys)[number];

/** The roles every shop has. The owner has every permission and cannot be removed. */
export const builtInRoles: Record<BuiltInRoleKey, { name: string; permissions: readonly Permission[] }> = {
  owner: { name: "Owner", permissions },
  admin: { name: "Admin", permissions },
  staff: { name: "Staff", permissions: ["orders.work", "messages.send"] },
};

export function isBuiltInRole(key: string): key is BuiltInRoleKey {
  return (builtInRoleKeys as readonly string[]).includes(key);
}

export const Permissions = z
  .array(z.enum(permissions, { message: "is not a permission this shop knows" }))
  .max(permissions.length);

/** A role as the team pages show it: built in (key "owner", "admin", "staff") or the owner's own. */
export const TeamRole = z.object({
  key: z.string(),
  name: z.string(),
  permissions: z.array(z.enum(permissions)),
  builtIn: z.boolean(),
  members: z.number().int().nonnegative(),
});
export type TeamRole = z.infer<typeof TeamRole>;

export const TeamRoleList = z.object({ roles: z.array(TeamRole) });
export type TeamRoleList = z.infer<typeof TeamRoleList>;

export const roleMessages = {
  nameRequired: "Give the role a name.",
  nameTaken: "A role with this name already exists.",
  permissionsRequired: "Tick at least one permission.",
  inUse: "Members still have this role. Give them another role first.",
  builtIn: "Built-in roles cannot be changed.",
};

/** A custom role: its name and the permissions ticked for it. */
export const TeamRoleBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, roleMessages.nameRequired)
    .max(60)
    .refine((name) => !isBuiltInRole(name.toLowerCase()), roleMessages.nameTaken),
  permissions: Permissions.min(1, roleMessages.permissionsRequired),
});
export type TeamRoleBody = z.infer<typeof TeamRoleBody>;

export const RoleKeyParams = z.object({ key: z.string().max(64) });

/** Who is signed in on the team side: their role and what it lets them do. */
export const TeamAccess = z.object({
  role: z.string().nullable(),
  roleName: z.string().nullable(),
  permissions: z.array(z.enum(permissions)),
});
export type TeamAccess = z.infer<typeof TeamAccess>;

export const teamMessages = {
  unknownRole: "There is no such role.",
  ownerRole: "The owner's role changes only when the owner hands ownership over.",
  notMember: "Only a member of the team can take this role.",
  onlyOwner: "Only the owner can hand ownership over.",
  suspended: "A suspended member cannot take this role.",
};

/**
 * Why a member's call to give, make or edit a role is refused: nobody grants what they do not
 * hold, nobody changes their own role, and only the owner makes or removes Admins.
 */
export const grantMessages = {
  notHeld: "You can only give permissions you hold yourself.",
  roleBeyondYours: "This role has permissions you do not hold, so you cannot give it or change it.",
  memberBeyondYours: "This member's role has permissions you do not hold, so you cannot change it.",
  ownRole: "You cannot change your own role.",
  heldRole: "You cannot edit the role you hold.",
  adminsByOwner: "Only the owner can make or remove Admins.",
};

/** A member's new role: "admin", "staff" or a custom role's id (never "owner": see HandOverBody). */
export const MemberRoleBody = z.object({ role: z.string().min(1).max(64) });
export type MemberRoleBody = z.infer<typeof MemberRoleBody>;

/** The owner hands ownership to another member, and becomes an Admin. */
export const HandOverBody = z.object({ memberId: z.string().min(1).max(64) });
export type HandOverBody = z.infer<typeof HandOverBody>;

/** A member who may be given an order: active, with a role that works on orders. */
export const TeamAssignee = z.object({ id: z.string(), name: z.string(), email: z.string() }).meta({
  id: "TeamAssignee",
});
export type TeamAssignee = z.infer<typeof TeamAssignee>;
export const TeamAssigneeList = z.array(TeamAssignee);
