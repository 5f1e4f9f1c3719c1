import { z } from "zod";
import { LeadEmail } from "./leads.js";

/** A member of the team as the team page lists them. */
export const TeamMember = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** "owner", "admin", "staff" or a custom role's id. */
  role: z.string(),
  roleName: z.string(),
  suspended: z.boolean(),
  suspendedAt: z.string().nullable(),
  /** When they last signed in; null when never. */
  lastSignInAt: z.string().nullable(),
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof TeamMember>;

/** An invitation not yet accepted or revoked (an expired one can be sent again). */
export const TeamInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  roleName: z.string(),
  invitedBy: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type TeamInvitation = z.infer<typeof TeamInvitation>;

export const TeamMemberList = z.object({
  members: z.array(TeamMember),
  invitations: z.array(TeamInvitation),
});
export type TeamMemberList = z.infer<typeof TeamMemberList>;

export const invitationMessages = {
  ownerRole: "An invitation cannot make someone the owner: invite them, then hand ownership over.",
  memberAccount: "This address already belongs to a member of the team.",
  customerAccount:
    "This address already has a customer account. A team member needs an account of their own: invite another address.",
  alreadyInvited: "This address has already been invited. Re-send the invitation instead.",
  unknown: "This invitation link is not valid. Check that you opened the whole link from the mail.",
  expired: "This invitation has expired. Ask the shop to send it again.",
  revoked: "This invitation was withdrawn. Ask the shop for a new one.",
  used: "This invitation has already been used. Log in with the address it was sent to.",
  notOpen: "This invitation was already accepted or withdrawn.",
  passwordTooShort: (min: number) => `A password needs at least ${min} characters.`,
  nameRequired: "Please Enter Your Name.",
};

/** Invites an address to the team with a role: "admin", "staff" or a custom role's id. */
export const InvitationBody = z.object({
  email: LeadEmail,
  role: z.string().min(1, "Choose a role.").max(64),
});
export type InvitationBody = z.infer<typeof InvitationBody>;

/** The token of a mailed invitation link. */
export const InvitationToken = z.string().min(1).max(200);

export const InvitationLookupQuery = z.object({ token: InvitationToken });

/** What the join page shows before the invited person chooses a name and password. */
export const InvitationLookup = z.object({
  email: z.string(),
  roleName: z.string(),
  shopName: z.string(),
  expiresAt: z.string(),
});
export type InvitationLookup = z.infer<typeof InvitationLookup>;

/** Accepting an invitation: the new account's name and password (sign-up's rules). */
export const AcceptInvitationBody = z.object({
  token: InvitationToken,
  name: z.string().trim().min(1, invitationMessages.nameRequired).max(200),
  password: z.string().min(1).max(128),
});
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBody>;

/** The account made: its address, to sign in with. */
export const AcceptedInvitation = z.object({ email: z.string() });
export type AcceptedInvitation = z.infer<typeof AcceptedInvitation>;

export const memberMessages = {
  ownerProtected: "The owner cannot be suspended or removed. Hand ownership over first.",
  notYourself: "You cannot suspend or remove yourself.",
  /** Refused at sign-in (a suspended or removed member). */
  suspendedSignIn: "This account is suspended. Ask the shop's owner to restore it.",
};
