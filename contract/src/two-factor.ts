import { z } from "zod";

/**
 * Two-factor sign-in: a code from an authenticator app (TOTP) or a one-time backup code after the
 * password. Turning it on, off and checking codes are the account library's own calls under
 * /api/auth/two-factor/*; the shop's requirement for its team and the owner's reset are ours.
 */
export const twoFactorMessages = {
  /** A team call by a member who has not set it up while the owner requires it. */
  setUpFirst: "Set up two-factor sign-in first.",
  ownerFirst: "Turn on two-factor sign-in for yourself before you require it of the team.",
  onlyOwner: "Only the owner can change two-factor sign-in for the team.",
  ownAccount: "Turn your own two-factor sign-in off or on from your account page.",
  notMember: "Only a member of the team can have their two-factor sign-in reset.",
  enabled: "Two-factor sign-in is on.",
  disabled: "Two-factor sign-in is off.",
  reset: "Two-factor sign-in was reset for this member.",
  required: "Every member of the team now signs in with a code.",
  notRequired: "Members of the team may sign in without a code.",
  codePrompt: "Enter the 6-digit code from your authenticator app, or one of your backup codes.",
  wrongCode: "That code is not right. Try again.",
  backupCodesOnce: "Keep these backup codes somewhere safe. Each works once; they are shown only now.",
  accountLocked:
    "This account is locked for now after too many wrong passwords. We can e-mail a one-time sign-in link to its address.",
  linkSent:
    "If this address has an account that is locked, a sign-in link is on its way. It works once, within 15 minutes.",
  linkFailed: "This sign-in link has expired or was used already.",
};

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
