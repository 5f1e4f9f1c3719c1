import { type MailBrand, type OutgoingMail, renderMail } from "./layout.js";

/** A mail about one link (confirm, reset, delete), in the same frame as every other mail. */
export function accountMail(
  brand: MailBrand,
  mail: { to: string; name: string; subject: string; lines: string[]; link: string; action: string },
): OutgoingMail {
  return renderMail(brand, {
    to: mail.to,
    subject: mail.subject,
    heading: `Hello ${mail.name},`,
    paragraphs: mail.lines,
    action: { label: mail.action, url: mail.link },
  });
}

export function verificationMail(brand: MailBrand, to: string, name: string, link: string): OutgoingMail {
  return accountMail(brand, {
    to,
    name,
    subject: `Confirm your e-mail address for ${brand.name}`,
    lines: [
      `Thanks for signing up with ${brand.name}. Please confirm that this is your e-mail address.`,
      "If you did not sign up, ignore this mail.",
    ],
    link,
    action: "Confirm e-mail",
  });
}

export function resetPasswordMail(brand: MailBrand, to: string, name: string, link: string): OutgoingMail {
  return accountMail(brand, {
    to,
    name,
    subject: `Reset your ${brand.name} password`,
    lines: [
      `Someone asked to reset the password of your ${brand.name} account. The link works for one hour.`,
      "If it was not you, ignore this mail: your password stays as it is.",
    ],
    link,
    action: "Choose a new password",
  });
}
