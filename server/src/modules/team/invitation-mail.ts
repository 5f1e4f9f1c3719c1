import { formatDate } from "../../mail/format.js";
import { type MailBrand, type OutgoingMail, renderMail } from "../../mail/layout.js";

export type InvitationMail = {
  to: string;
  inviterName: string;
  roleName: string;
  link: string;
  expiresAt: Date;
};

/** The mailed invitation: who invites, to which role, the link to join and until when it works. */
export function teamInvitationMail(brand: MailBrand, mail: InvitationMail): OutgoingMail {
  return renderMail(brand, {
    to: mail.to,
    subject: `You're invited to join ${brand.name}'s team`,
    heading: `You're invited to join ${brand.name}'s team`,
    paragraphs: [
      `${mail.inviterName} invited you to join ${brand.name}'s team as ${mail.roleName}.`,
      `Open the link to choose your name and password. It works until ${formatDate(mail.expiresAt)}.`,
      "If you did not expect this invitation, ignore this mail: no account is made without you.",
    ],
    details: [
      ["Invited by", mail.inviterName],
      ["Role", mail.roleName],
      ["Expires", formatDate(mail.expiresAt)],
    ],
    action: { label: "Join the team", url: mail.link },
  });
}
