import { twoFactorMessages } from "@agency/contract/two-factor-messages";

/** Two-factor sign-in: the account's own page, the login page's code step, and the team's setting. */
export const twoFactorPage = {
  ...twoFactorMessages,
  heading: "Two-factor sign-in",
  lead: "After your password, sign-in asks for a code from an authenticator app on your phone (or one of your backup codes).",
  statusOn: "On: sign-in asks for a code.",
  statusOff: "Off: sign-in asks for your password only.",
  manage: "Manage two-factor sign-in",
  setUp: "Set up two-factor sign-in",
  requiredLead: "The owner requires two-factor sign-in for the team. Set it up to open the team pages again.",
  password: "Your password",
  start: "Start",
  scanStep:
    "Add this account to your authenticator app: open the address below on your phone, or type the secret key into the app.",
  uriLabel: "Set-up address (otpauth)",
  secretLabel: "Secret key",
  backupHeading: "Backup codes",
  codeLabel: "Code from the app",
  confirm: "Turn on",
  turnOff: "Turn off",
  turnOffLead: "Turning it off needs your password.",
  newCodes: "New backup codes",
  newCodesLead: "New backup codes replace the old ones, which stop working.",
  backToAccount: "Back to your account",
  goToTeam: "Go to the team pages",
  loading: "Loading two-factor sign-in…",
  loadFailed: "Could not load two-factor sign-in.",
  // The login page's second step.
  codeHeading: "Enter your code",
  signInCode: "Code",
  verify: "Verify",
  startOver: "Use another account",
  // The locked account's way in.
  sendLink: "E-mail me a sign-in link",
  // The team page.
  teamHeading: "Two-factor sign-in for the team",
  teamLead:
    "When it is required, every member signs in with a code, and a member without it must set it up before using the team pages.",
  requireLabel: "Require two-factor sign-in for every member",
  ownerOnlyNote: "Only the owner changes this.",
  memberColumn: "Member",
  stateColumn: "Two-factor",
  on: "On",
  off: "Off",
  reset: "Reset",
  resetConfirm: (name: string) =>
    `Reset ${name}'s two-factor sign-in? They sign in with their password and set it up again.`,
};
