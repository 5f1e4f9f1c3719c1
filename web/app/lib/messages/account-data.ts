// The profile's Edit page: name, password, e-mail, sessions, the data download and account deletion.
export const editAccountPage = {
  edit: "Edit",
  heading: "Edit my account",
  back: "Back to profile",
  loading: "Loading your account…",
  loadFailed: "We couldn't load your account.",
  retry: "Try again",

  nameHeading: "Name",
  name: "Your name",
  saveName: "Save name",
  nameSaved: "Your name is saved.",
  nameRequired: "Please Enter Your Name.",

  passwordHeading: "Password",
  currentPassword: "Current password",
  newPassword: "New password",
  confirmPassword: "Confirm new password",
  changePassword: "Change password",
  passwordChanged: "Your password is changed. Other devices are signed out.",
  wrongCurrentPassword: "Your current password is not correct.",
  noPassword: "You sign in with Google or Facebook, so your account has no password here.",

  emailHeading: "E-mail address",
  newEmail: "New e-mail address",
  changeEmail: "Send confirmation link",
  sameEmail: "That is already your e-mail address.",
  emailChangeSent: (email: string) =>
    `We sent a confirmation link to ${email}. Your address changes when you open it.`,

  sessionsHeading: "Signed-in devices",
  sessionsLead: "Sign out everywhere else, for instance on a shared or lost computer.",
  signOutOthers: "Sign out other sessions",
  othersSignedOut: "You are signed out everywhere else.",

  dataHeading: "Download my data",
  dataLead: "Everything we keep about you: profile, orders, payments, reviews, messages and form messages.",
  downloadJson: "Download my data (JSON)",
  downloadZip: "Download with my order files (zip)",

  deleteHeading: "Delete my account",
  deleteLead:
    "Your name and e-mail address are removed everywhere and you can no longer log in. Receipts and payments stay for the agency's books, without your name.",
  deletePlansFirst:
    "Running plans must be cancelled before you can delete your account: cancel each one in My Orders. A cancelled plan stays active until the end of the period you paid for and is never charged again.",
  deletePlansLink: "Open My Orders",
  deletePassword: "Your password",
  deleteButton: "Delete my account",
  deleteByMail: "Mail me a link to confirm",
  deleteMailed: "We sent a link to confirm the deletion to your e-mail address.",
  deleteQuestion: "Delete your account for good? This cannot be undone.",
  confirmHeading: "Confirm the deletion",
  confirmButton: "Yes, delete my account",
  deleted: "Your account is deleted.",
} as const;
