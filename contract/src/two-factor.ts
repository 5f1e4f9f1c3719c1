import { z } from "zod";

export { twoFactorMessages } from "./two-factor-messages.js";

/**
 * Two-factor sign-in: a code from an authenticator app (TOTP) or a one-time backup code after the
 * password. Turning it on, off and checking codes are the account library's own calls under
 * /api/auth/two-factor/*; the shop's requirement for its team and the owner's reset are ours.
 */

/** GET /api/two-factor: the caller's own state, and whether the shop asks it of them. */
export const TwoFactorStatus = z.object({
  enabled: z.boolean(),
  /** True for a member of the team while the owner requires two-factor sign-in. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

/** GET /api/team/two-factor: the shop's requirement and who has it on. */
export const TeamTwoFactor = z.object({
  required: z.boolean(),
  members: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      role: z.string(),
      enabled: z.boolean(),
    }),
  ),
});
export type TeamTwoFactor = z.infer<typeof TeamTwoFactor>;

export const TeamTwoFactorBody = z.object({ required: z.boolean() });
export type TeamTwoFactorBody = z.infer<typeof TeamTwoFactorBody>;

/** A code as typed: spaces and dashes inside a TOTP code are the app's display, not the code. */
export const TwoFactorCode = z.string().trim().min(6).max(32);

/** What a password sign-in answers when the account uses two-factor sign-in (no session yet). */
export const SignInAnswer = z.object({
  twoFactorRedirect: z.boolean().optional(),
  twoFactorMethods: z.array(z.string()).optional(),
});
export type SignInAnswer = z.infer<typeof SignInAnswer>;

/** POST /api/auth/two-factor/enable: the authenticator's otpauth:// address and the backup codes. */
export const TwoFactorSetup = z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;

/** POST /api/auth/two-factor/generate-backup-codes: a new set, replacing the old. */
export const BackupCodes = z.object({ backupCodes: z.array(z.string()) });
export type BackupCodes = z.infer<typeof BackupCodes>;

/** The secret inside an otpauth:// address, to type into an app that cannot scan. */
export function totpSecretOf(totpURI: string): string | undefined {
  const match = /[?&]secret=([^&#]+)/.exec(totpURI);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}
