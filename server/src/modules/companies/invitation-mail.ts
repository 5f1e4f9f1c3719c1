import { formatDate } from "../../mail/format.js";
import { type MailBrand, type OutgoingMail, renderMail } from "../../mail/layout.js";

/** The mailed invitation of a colleague: who invites, to what, the link and until when it works. */
export function colleagueInvitationMail(
  brand: MailBrand,
  mail: {
    to: string;
    inviterName: string;
    companyName: string;
    roleName: string;
    link: string;
    expiresAt: Date;
  },
): OutgoingMail {
  return renderMail(brand, {
    to: mail.to,
    subject: `${mail.inviterName} invited you to work with ${brand.name}`,
    heading: `Join ${mail.companyName} at ${brand.name}`,
    paragraphs: [
      `${mail.inviterName} invited you to see and discuss ${mail.companyName}'s orders with ${brand.name}, as ${mail.roleName}.`,
      `Open the link and sign in (or sign up) with this address to accept. It works until ${formatDate(mail.expiresAt)}.`,
      "If you did not expect this invitation, ignore this mail.",
    ],
    details: [
      ["Invited by", mail.inviterName],
      ["Role", mail.roleName],
      ["Expires", formatDate(mail.expiresAt)],
    ],
    action: { label: "Open the invitation", url: mail.link },
  });
}
