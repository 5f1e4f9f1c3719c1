import type { MailBrand, OutgoingMail } from "../mail/layout.js";
import { accountMail } from "../mail/templates.js";

/** Sent to the new address: the change takes effect when its owner opens the link. */
export function changeEmailMail(brand: MailBrand, to: string, name: string, link: string): OutgoingMail {
  return accountMail(brand, {
    to,
    name,
    subject: `Confirm your new e-mail address for ${brand.name}`,
    lines: [
      `Someone asked to use this address for their ${brand.name} account. Confirm it to make the change; until then the account keeps its current address.`,
      "If it was not you, ignore this mail.",
    ],
    link,
    action: "Confirm new address",
  });
}

/** For accounts without a password (social sign-in only): the link confirms deleting the account. */
export function deleteAccountMail(brand: MailBrand, to: string, name: string, link: string): OutgoingMail {
  return accountMail(brand, {
    to,
    name,
    subject: `Confirm deleting your ${brand.name} account`,
    lines: [
      `Someone asked to delete your ${brand.name} account. Open the link within 24 hours, signed in, to confirm it: your personal data is then removed and you can no longer log in.`,
      "If it was not you, ignore this mail: your account stays as it is.",
    ],
    link,
    action: "Delete my account",
  });
}
