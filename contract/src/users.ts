import { z } from "zod";
import { listSearch, MatchCount, PageCursors, pageQuery, rangeInOrder, rangeOutOfOrder } from "./common.js";

export const EmailParams = z.object({ email: z.string().max(320) });
export type EmailParams = z.infer<typeof EmailParams>;

/** SPEC §7 PUT /user/{email}: the signed-in user's email and name. */
export const UserTokenBody = z.object({
  email: z.email().max(320),
  name: z.string().trim().max(200).optional(),
});
export type UserTokenBody = z.infer<typeof UserTokenBody>;

export const UserToken = z.object({ token: z.string() });
export type UserToken = z.infer<typeof UserToken>;

/**
 * SPEC §7 GET /admin/{email}: whether the account is on the team. On one's own account, also the
 * team role and what it allows (the screens show only what the caller may do).
 */
export const AdminStatus = z.object({
  admin: z.boolean(),
  role: z.string().nullable().optional(),
  permissions: z.array(z.string()).optional(),
});
export type AdminStatus = z.infer<typeof AdminStatus>;

/** Better Auth's answer to starting Google or Facebook sign-in: where to send the browser. */
export const SocialSignInRedirect = z.object({ url: z.string(), redirect: z.boolean().optional() });

/** Which social sign-ins this installation has configured. */
export const SignInOptions = z.object({ google: z.boolean(), facebook: z.boolean() });
export type SignInOptions = z.infer<typeof SignInOptions>;

/** The signed-in user as the session call reports it (SPEC §3 User, plus the profile's dates). */
export const SessionUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullish(),
  role: z.string().nullish(),
  createdAt: z.coerce.date(),
  lastLoginAt: z.coerce.date().nullish(),
});
export type SessionUser = z.infer<typeof SessionUser>;

/** Better Auth's get-session answer: null when signed out. */
export const Session = z
  .object({ user: SessionUser, session: z.object({ id: z.string(), expiresAt: z.coerce.date() }) })
  .nullable();
export type Session = z.infer<typeof Session>;

/** SPEC §3 User, as the admin's user list shows it. */
export const UserSummary = z
  .object({
    _id: z.string(),
    email: z.string(),
    displayName: z.string(),
    role: z.enum(["admin"]).nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "UserSummary" });
export type UserSummary = z.infer<typeof UserSummary>;

/**
 * Admin: the accounts, a page at a time. `q` finds the start of an e-mail, of the name or of a
 * word in it; `role` keeps the admins or the customers (every account that is not an admin);
 * `from`/`to` the accounts created on those days.
 */
const userFilters = {
  role: z.enum(["admin", "customer"], { message: "must be admin or customer" }).optional(),
  ...listSearch,
};

export const UserListQuery = pageQuery({ size: 50, maxSize: 200 }, userFilters).refine(
  rangeInOrder,
  rangeOutOfOrder,
);
export type UserListQuery = z.infer<typeof UserListQuery>;

/** Admin: the accounts All Users shows with the same filters, every one of them, as a CSV file. */
export const UsersExportQuery = z.object(userFilters).refine(rangeInOrder, rangeOutOfOrder);
export type UsersExportQuery = z.infer<typeof UsersExportQuery>;

export const UserList = z.object({
  users: z.array(UserSummary),
  total: z.number().int().nonnegative(),
  ...PageCursors,
  /** Only when searched or filtered: how many accounts match (counted up to 1,000). */
  matches: MatchCount.optional(),
});
export type UserList = z.infer<typeof UserList>;

export const ModifiedCount = z.object({ modifiedCount: z.number().int().nonnegative() });
export type ModifiedCount = z.infer<typeof ModifiedCount>;
