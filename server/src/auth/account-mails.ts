import type { Mail } from "../mail/mailer.js";
import { layout } from "../mail/templates.js";

/** Sent to the new address: the change takes effect when its owner opens the link. */
export function changeEmailMail(shopName: string, to: string, name: string, link: string): Mail {
  const greeting = `Hello ${name},`;
  const lines = [
    `Someone asked to use this address for their ${shopName} account. Confirm it to make the change; until then the account keeps its current address.`,
  ];
  const ignore = "If it was not you, ignore this mail.";
  return {
    to,
    subject: `Confirm your new e-mail address for ${shopName}`,
    text: `${greeting}\n\n${lines.join("\n")}\n\n${link}\n\n${ignore}`,
    html: layout(shopName, greeting, [...lines, ignore], link, "Confirm new address"),
    link,
  };
}

/** For accounts without a password (social sign-in only): the link confirms deleting the account. */
export function deleteAccountMail(shopName: string, to: string, name: string, link: string): Mail {
  const greeting = `Hello ${name},`;
  const lines = [
    `Someone asked to delete your ${shopName} account. Open the link within 24 hours, signed in, to confirm it: your personal data is then removed and you can no longer log in.`,
  ];
  const ignore = "If it was not you, ignore this mail: your account stays as it is.";
  return {
    to,
    subject: `Confirm deleting your ${shopName} account`,
    text: `${greeting}\n\n${lines.join("\n")}\n\n${link}\n\n${ignore}`,
    html: layout(shopName, greeting, [...lines, ignore], link, "Delete my account"),
    link,
  };
}
