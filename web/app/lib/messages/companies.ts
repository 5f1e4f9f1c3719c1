import { type ClientRole, clientRoleNames } from "@agency/contract";

export const clientRoleLabels: Record<ClientRole, { name: string; hint: string }> = {
  admin: { name: clientRoleNames.admin, hint: "Everything, and invites or removes people" },
  approver: { name: clientRoleNames.approver, hint: "Approves work and accepts quotes" },
  billing: { name: clientRoleNames.billing, hint: "Pays, and sees payments and receipts" },
  member: { name: clientRoleNames.member, hint: "Sees the orders, writes and uploads files" },
};

export const colleaguesPage = {
  menu: "Colleagues",
  heading: "Colleagues",
  lead: "Everyone here sees your orders and their messages, each within their role.",
  loading: "Loading your colleagues…",
  loadFailed: "We couldn't load your colleagues.",
  noCompanyYet: "Once you have ordered, you can invite colleagues to see and discuss your orders with us.",
  peopleHeading: "People",
  name: "Name",
  email: "E-mail",
  role: "Role",
  you: "(you)",
  actions: "Actions",
  roleOf: (name: string) => `Role of ${name}`,
  roleChanged: (name: string, role: string) => `${name} is now ${role}.`,
  remove: "Remove",
  removeQuestion: (name: string) => `Remove ${name} from your company?`,
  removeText:
    "They will no longer see your company's orders, messages, files or receipts, including those they placed. You can invite them again later.",
  removeSelfQuestion: "Leave your company?",
  removeSelfText:
    "You will no longer see your company's orders, messages, files or receipts, including those you placed. Another Admin can invite you again.",
  removed: (name: string) => `${name} was removed from your company.`,
  left: "You left your company.",
  inviteHeading: "Invite a colleague",
  inviteEmail: "Their e-mail address",
  inviteRole: "Their role",
  sendInvitation: "Send invitation",
  invitationSent: (email: string) => `Invitation sent to ${email}.`,
  openHeading: "Open invitations",
  expires: (date: string) => `Expires ${date}`,
  expired: "Expired",
  sendAgain: "Send again",
  sentAgain: (email: string) => `Invitation sent again to ${email}.`,
  withdraw: "Withdraw",
  withdrawn: (email: string) => `The invitation to ${email} is withdrawn.`,
  detailsHeading: "Company details",
  detailsLead: "Your company's name, address, VAT or tax ID and billing e-mail, for the agency.",
  companyName: "Company name",
  address: "Postal address",
  vatId: "VAT or tax ID (optional)",
  billingEmail: "Billing e-mail",
  saveDetails: "Save details",
  detailsSaved: "The company details are saved.",
  exportHeading: "Your company's data",
  exportLead:
    "A copy of everything we keep about your company: its details and people, every order with its messages and files, and its payments, receipts and quotes, as one JSON file.",
  exportData: "Export the company's data",
} as const;

export const joinCompanyPage = {
  heading: "Join your colleagues",
  checking: "Checking your invitation…",
  checkFailed: "We couldn't check this invitation.",
  unusable: "This invitation can't be used",
  toLogin: "Go to sign in",
  invited: (invitedBy: string, companyName: string, role: string) =>
    `${invitedBy} invited you to see and discuss ${companyName}'s orders, as ${role}.`,
  signInFirst: (email: string) => `Sign in, or sign up, with ${email} to accept.`,
  signIn: "Sign in",
  signUp: "Sign up",
  accept: "Accept the invitation",
  joined: (companyName: string) => `You joined ${companyName}.`,
} as const;

/** An order's followers, on the customer's order page once their company has colleagues. */
export const orderFollowersTexts = {
  heading: "Mails about this order",
  following: "You get this order's mails.",
  notFollowing: "You do not get this order's mails.",
  who: (names: string) => `Followers: ${names}.`,
  nobody: "Nobody follows it: the agency writes on this page only.",
  follow: "Follow",
  unfollow: "Stop following",
  followed: "You now get this order's mails.",
  unfollowed: "You no longer get this order's mails.",
};
