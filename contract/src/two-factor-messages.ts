// Two-factor sign-in's messages alone, without the schemas: the web app's messages (on every page)
// import them, and they must not bring the schema library into a public page's first load.

/** What the server and the pages say about two-factor sign-in and the locked account's link. */
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
