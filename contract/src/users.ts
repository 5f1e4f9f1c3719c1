import { z } from "zod";

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

export const AdminStatus = z.object({ admin: z.boolean() });
export type AdminStatus = z.infer<typeof AdminStatus>;

/** Which social sign-ins this installation has configured. */
export const SignInOptions = z.object({ google: z.boolean(), facebook: z.boolean() });
export type SignInOptions = z.infer<typeof SignInOptions>;
